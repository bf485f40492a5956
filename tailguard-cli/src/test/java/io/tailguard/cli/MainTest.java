package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {

    private final CliRun cli = new CliRun();

    @Test
    void helpListsEveryCommandWithOneLineEach() {
        assertThat(cli.run("--help")).isEqualTo(0);
        assertThat(cli.out())
                .contains("Usage: tailguard")
                .containsPattern("(?m)^\\s+lab\\s+\\S.*$")
                .containsPattern("(?m)^\\s+journal\\s+\\S.*$");
    }

    @Test
    void unknownCommandPrintsOneLineListingTheCommandsWithExitTwo() {
        assertThat(cli.run("frobnicate")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown command 'frobnicate'; commands are lab, journal, proxy,"
                + " backend, load, plan, redis-limit, help (see './tailguard --help')" + System.lineSeparator());
    }

    @Test
    void misspeltCommandSuggestsTheRightOneInOneLine() {
        assertThat(cli.run("lab", "backpresure")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown command 'backpresure'; did you mean backpressure?"
                + " (see './tailguard lab --help')" + System.lineSeparator());
        assertThat(cli.run("jurnal", "bench")).isEqualTo(2);
        assertThat(cli.err()).contains("unknown command 'jurnal'; did you mean journal?");
        assertThat(cli.run("help", "lodd")).isEqualTo(2);
        assertThat(cli.err()).contains("tailguard: unknown command 'lodd'; did you mean load? (see './tailguard --help')");
    }

    @Test
    void unknownFlagPrintsOneLineWithExitTwo() {
        assertThat(cli.run("--bogus")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--bogus' (see './tailguard --help')"
                + System.lineSeparator());
        assertThat(cli.run("load", "http://127.0.0.1:1/", "--rate", "1", "--max-con", "5")).isEqualTo(2);
        assertThat(cli.err()).contains("tailguard: unknown option '--max-con'; did you mean --max-connections?");
    }

    @Test
    void unknownJournalBenchFlagIsOneLineLikeEveryOther() {
        assertThat(cli.run("journal", "bench", "--bogus")).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: unknown option '--bogus'; options are --rate, ")
                .endsWith(" (see './tailguard journal bench --help')" + System.lineSeparator()).hasLineCount(1);
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void anUnknownOptionIsNamedBeforeAMissingRequiredOne() {
        assertThat(cli.run("redis-limit", "check", "--redis", "redis://127.0.0.1:1", "--key", "k")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--redis'; did you mean --redis-uri?"
                + " (see './tailguard redis-limit check --help')" + System.lineSeparator());
    }

    @Test
    void misspeltOptionSuggestsTheRightOneInOneLineWithExitTwo() {
        assertThat(cli.run("lab", "backpressure", "--concurency", "20")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--concurency'; did you mean --concurrency? "
                + "(see './tailguard lab backpressure --help')" + System.lineSeparator());
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void misspeltJournalBenchOptionSuggestsTheRightOne() {
        assertThat(cli.run("journal", "bench", "--rat", "5")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--rat'; did you mean --rate? "
                + "(see './tailguard journal bench --help')" + System.lineSeparator());
    }

    @Test
    void everyExampleInEveryHelpFitsOnOneLineSoItCanBePasted() {
        List<String> examples = new ArrayList<>();
        collectExamples(Main.commandLine(), examples);
        assertThat(examples).isNotEmpty()
                .contains("  ./tailguard redis-limit check --uri redis://127.0.0.1:6379 --key k --rate 100/s --burst 20")
                .contains("  ./tailguard journal bench --rate 200000 --durability none --replication ack-or-sync "
                        + "--ack-grace 0  # force every message")
                .allSatisfy(line -> assertThat(line).doesNotEndWith("\\"))
                .allSatisfy(line -> assertThat(line).as("an example runs ./tailguard, as the README does")
                        .doesNotContainPattern("^\\s*tailguard "))
                .allSatisfy(line -> assertThat(line).as("a wrapped line starts at column 0").startsWith("  "));
    }

    /** Adds the lines after each "Examples" heading of {@code cli}'s help and its subcommands' helps. */
    private static void collectExamples(CommandLine cli, List<String> examples) {
        boolean inExamples = false;
        for (String line : cli.getUsageMessage().split("\\R")) {
            if (line.startsWith("Example")) {
                inExamples = true;
            } else if (line.isBlank()) {
                inExamples = false;
            } else if (inExamples) {
                examples.add(line);
            }
        }
        for (CommandLine sub : cli.getSubcommands().values()) {
            if (sub.getCommandSpec().parent() == cli.getCommandSpec()) {
                collectExamples(sub, examples);
            }
        }
    }

    @Test
    void everyCommandsSummaryInTheCommandListIsAWholeSentence() {
        List<String> summaries = new ArrayList<>();
        collectSummaries(Main.commandLine(), summaries);
        assertThat(summaries).hasSizeGreaterThan(20)
                .contains("redis-limit check: Ask the shared token bucket KEY on Redis for one decision.")
                // plan's first line introduces the list that follows it in its own help, which its owners keep
                .filteredOn(summary -> !summary.startsWith("plan: "))
                .allSatisfy(summary -> assertThat(summary).endsWith("."));
    }

    /** Adds "name: summary" for every subcommand, the line picocli shows in its parent's command list. */
    private static void collectSummaries(CommandLine cli, List<String> summaries) {
        for (CommandLine sub : cli.getSubcommands().values()) {
            CommandLine.Model.UsageMessageSpec usage = sub.getCommandSpec().usageMessage();
            String[] lines = usage.header().length > 0 ? usage.header() : usage.description();
            String name = sub.getCommandSpec().qualifiedName().replaceFirst("^tailguard ", "");
            summaries.add(name + ": " + (lines.length == 0 ? "" : lines[0]));
            if (sub.getCommandSpec().parent() == cli.getCommandSpec()) {
                collectSummaries(sub, summaries);
            }
        }
    }

    @Test
    void versionNamesTheProject() {
        assertThat(cli.run("--version")).isEqualTo(0);
        assertThat(cli.out()).startsWith("tailguard ");
    }
}
