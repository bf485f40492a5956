package io.tailguard.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * Turns a parse error into one line on stderr, exit code 2. An unknown command or option is
 * followed by the usage of the command that was misused (the user is lost); a bad value for a
 * known option gets only the line, which names the flag, the value and what is allowed, and points
 * at {@code --help}.
 */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            err.println("tailguard: " + unknown(unmatched, cmd));
            cmd.usage(err);
        } else {
            err.println("tailguard: " + ex.getMessage().replace(System.lineSeparator(), " ")
                    + " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')");
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    private static String unknown(CommandLine.UnmatchedArgumentException ex, CommandLine cmd) {
        List<String> rest = ex.getUnmatched();
        String first = rest.isEmpty() ? "" : rest.get(0);
        if (first.startsWith("-")) {
            return "unknown option '" + first + "'";
        }
        if (!cmd.getSubcommands().isEmpty()) {
            return "unknown command '" + first + "'; commands are "
                    + String.join(", ", cmd.getSubcommands().keySet());
        }
        return "unexpected argument '" + first + "'";
    }
}
