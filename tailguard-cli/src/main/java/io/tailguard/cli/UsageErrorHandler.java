package io.tailguard.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Prints a parse error (unknown option, missing value) as one line that names the problem and
 * where the usage is; exit code 2. The full usage is one {@code --help} away, not dumped on stderr.
 */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("tailguard: " + ex.getMessage() + " (see '" + cmd.getCommandSpec().qualifiedName()
                + " --help')");
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }
}
