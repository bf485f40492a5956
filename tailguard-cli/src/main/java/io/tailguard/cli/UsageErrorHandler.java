package io.tailguard.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Prints a one-line error and the usage of the command that was misused; exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("tailguard: " + ex.getMessage());
        cmd.usage(err);
        return CommandLine.ExitCode.USAGE;
    }
}
