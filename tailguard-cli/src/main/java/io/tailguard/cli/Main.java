package io.tailguard.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code tailguard} command. */
@Command(
        name = "tailguard",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {
            "Keep tail latency under control when more work arrives than a service can finish.",
            "The policy code you simulate is the code you deploy.",
            ""
        },
        subcommands = {
            LabCommand.class,
            JournalCommand.class,
            ProxyCommand.class,
            BackendCommand.class,
            io.tailguard.cli.load.LoadCommand.class,
            io.tailguard.cli.plan.PlanCommand.class,
            io.tailguard.cli.redis.RedisLimitCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {
            "",
            "Run './tailguard help <command>' or './tailguard <command> --help' for a command's options.",
            "Exit codes: 0 success, 1 failure, 2 bad usage."
        })
public final class Main extends GroupCommand {

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line in-process and returns its exit code (used by tests). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** Builds the configured picocli command line. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        LabCommand.addExperiments(cli.getSubcommands().get("lab"));
        cli.setParameterExceptionHandler(new UsageErrorHandler());
        cli.setExecutionExceptionHandler(new FailureHandler());
        verbatimFooters(cli);
        return cli;
    }

    /**
     * Prints every command's footer as written. Picocli would wrap it at the usage width, and the
     * footers hold the examples: a wrapped example cannot be pasted. Their prose is wrapped by hand.
     */
    private static void verbatimFooters(CommandLine cli) {
        Map<String, CommandLine.IHelpSectionRenderer> sections = new LinkedHashMap<>(cli.getHelpSectionMap());
        sections.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
            StringBuilder text = new StringBuilder();
            for (String line : help.commandSpec().usageMessage().footer()) {
                text.append(line).append(System.lineSeparator());
            }
            return text.toString();
        });
        cli.setHelpSectionMap(sections);
        for (CommandLine sub : cli.getSubcommands().values()) {
            verbatimFooters(sub);
        }
    }
}
