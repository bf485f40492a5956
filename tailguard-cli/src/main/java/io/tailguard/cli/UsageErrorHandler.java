package io.tailguard.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * Turns a parse error into one line on stderr, exit code 2. A misspelt option gets "did you mean"
 * and the pointer to {@code --help}: the user knows what they want, and the whole usage would
 * bury the one line that says what to type. An unknown command, or an option nothing resembles,
 * is followed by the usage of the command that was misused (the user is lost). A bad value for a
 * known option gets only the line, which names the flag, the value and what is allowed, and points
 * at {@code --help}.
 */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            List<String> suggestions = unmatched.isUnknownOption() ? unmatched.getSuggestions() : List.of();
            if (suggestions.isEmpty()) {
                err.println("tailguard: " + unknown(unmatched, cmd));
                cmd.usage(err);
            } else {
                err.println("tailguard: " + unknown(unmatched, cmd) + "; did you mean "
                        + String.join(" or ", suggestions) + "?" + seeHelp(cmd));
            }
        } else {
            err.println("tailguard: " + ex.getMessage().replace(System.lineSeparator(), " ") + seeHelp(cmd));
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    private static String seeHelp(CommandLine cmd) {
        return " (see '" + cmd.getCommandSpec().qualifiedName() + " --help')";
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
