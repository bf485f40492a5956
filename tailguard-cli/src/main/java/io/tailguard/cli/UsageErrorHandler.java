package io.tailguard.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/** Prints a one-line error and the usage of the command that was misused; exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("tailguard: " + oneLine(ex, cmd));
        cmd.usage(err);
        return CommandLine.ExitCode.USAGE;
    }

    private static String oneLine(CommandLine.ParameterException ex, CommandLine cmd) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> rest = unmatched.getUnmatched();
            String first = rest.isEmpty() ? "" : rest.get(0);
            if (!first.startsWith("-") && !cmd.getSubcommands().isEmpty()) {
                return "unknown command '" + first + "'; commands are "
                        + String.join(", ", cmd.getSubcommands().keySet());
            }
            if (first.startsWith("-")) {
                return "unknown option '" + first + "'";
            }
            return "unexpected argument '" + first + "'";
        }
        return ex.getMessage().replace(System.lineSeparator(), " ");
    }
}
