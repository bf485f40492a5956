package io.tailguard.cli;

import io.tailguard.config.Suggest;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Thread-safe (stateless): turns a parse error into one line on stderr, exit code 2, for every
 * command. An unknown command or option names what was typed, the close names ("did you mean",
 * by edit distance) or else what there is, and points at {@code --help}: the whole usage would
 * bury the one line that says what to type. A bad value for a known option gets the line that
 * names the flag, the value and what is allowed. An unknown option is reported even when a
 * required one is also missing, since the unknown one is usually the misspelt required one.
 */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {

    private static final Pattern HELP_TOPIC = Pattern.compile("Unknown subcommand '(.*)'\\.");

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        String unknownOption = ex instanceof CommandLine.MissingParameterException ? firstUnknownOption(cmd, args)
                : null;
        if (unknownOption != null) {
            err.println("tailguard: " + unknownOption(unknownOption, cmd) + seeHelp(cmd));
        } else if (ex instanceof CommandLine.UnmatchedArgumentException unmatched) {
            err.println("tailguard: " + unknown(unmatched, cmd) + seeHelp(cmd));
        } else if (HELP_TOPIC.matcher(String.valueOf(ex.getMessage())).matches()) {
            // picocli's help command names an unknown topic in its own words, without suggestions;
            // the exception's command is the one whose subcommands the topic was looked up in
            String topic = HELP_TOPIC.matcher(ex.getMessage()).replaceAll("$1");
            err.println("tailguard: " + unknownCommand(topic, new ArrayList<>(cmd.getSubcommands().keySet()))
                    + seeHelp(cmd));
        } else {
            err.println("tailguard: " + ex.getMessage().replace(System.lineSeparator(), " ") + seeHelp(cmd));
        }
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    private static String seeHelp(CommandLine cmd) {
        return " (see './" + cmd.getCommandSpec().qualifiedName() + " --help')";
    }

    private static String unknown(CommandLine.UnmatchedArgumentException ex, CommandLine cmd) {
        List<String> rest = ex.getUnmatched();
        String first = rest.isEmpty() ? "" : rest.get(0);
        if (first.startsWith("-")) {
            return unknownOption(first, cmd);
        }
        if (!cmd.getSubcommands().isEmpty()) {
            return unknownCommand(first, new ArrayList<>(cmd.getSubcommands().keySet()));
        }
        return "unexpected argument '" + first + "'";
    }

    private static String unknownCommand(String typed, List<String> commands) {
        String close = Suggest.didYouMean(typed, commands);
        return "unknown command '" + typed + "'" + (close.isEmpty() ? "; commands are " + String.join(", ", commands)
                : close);
    }

    private static String unknownOption(String typed, CommandLine cmd) {
        String name = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
        String close = Suggest.didYouMean(name, optionNames(cmd.getCommandSpec()));
        if (close.isEmpty()) {
            List<String> options = new ArrayList<>();
            for (CommandLine.Model.OptionSpec option : cmd.getCommandSpec().options()) {
                if (!option.usageHelp() && !option.versionHelp()) {
                    options.add(option.longestName());
                }
            }
            close = options.isEmpty() ? "" : "; options are " + String.join(", ", options);
        }
        return "unknown option '" + name + "'" + close;
    }

    /** Returns the first argument that looks like an option and that this command does not know. */
    private static String firstUnknownOption(CommandLine cmd, String[] args) {
        CommandSpec spec = cmd.getCommandSpec();
        List<String> known = optionNames(spec);
        boolean past = spec.parent() == null;
        for (String arg : args) {
            if (!past) {
                // options before the failing command's own name belong to its parents
                past = arg.equals(spec.name()) || spec.aliases().length > 0 && List.of(spec.aliases()).contains(arg);
                continue;
            }
            if (arg.equals("--")) {
                return null;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (name.startsWith("-") && name.length() > 1 && !isNumber(name) && !known.contains(name)) {
                return name;
            }
        }
        return null;
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (CommandLine.Model.OptionSpec option : spec.options()) {
            names.addAll(List.of(option.names()));
        }
        return names;
    }

    private static boolean isNumber(String text) {
        return text.matches("-[0-9.]+");
    }
}
