package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "frobnicate|unknown command 'frobnicate'; commands are lab, journal, proxy, backend, load, plan, redis-limit,"
                + " help (see './tailguard --help')",
        "lab backpresure|unknown command 'backpresure'; did you mean backpressure? (see './tailguard lab --help')",
        "jurnal bench|unknown command 'jurnal'; did you mean journal? (see './tailguard --help')",
        "help lodd|unknown command 'lodd'; did you mean load? (see './tailguard --help')",
        "--bogus|unknown option '--bogus' (see './tailguard --help')",
        "load http://127.0.0.1:1/ --rate 1 --max-con 5|unknown option '--max-con'; did you mean --max-connections?"
                + " (see './tailguard load --help')",
        // an unknown option is named before a missing required one
        "redis-limit check --redis redis://127.0.0.1:1 --key k|unknown option '--redis'; did you mean --redis-uri?"
                + " (see './tailguard redis-limit check --help')",
        "lab backpressure --concurency 20|unknown option '--concurency'; did you mean --concurrency?"
                + " (see './tailguard lab backpressure --help')",
        "journal bench --rat 5|unknown option '--rat'; did you mean --rate? (see './tailguard journal bench --help')"})
    void anUnknownOrMisspeltNameIsOneLineWithExitTwo(String commandLine, String message) {
        assertThat(CliRun.mistake(commandLine.split(" "))).isEqualTo("tailguard: " + message);
    }

    @Test
    void unknownJournalBenchFlagIsOneLineLikeEveryOther() {
        assertThat(CliRun.mistake("journal", "bench", "--bogus"))
                .startsWith("tailguard: unknown option '--bogus'; options are --rate, ")
                .endsWith(" (see './tailguard journal bench --help')");
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
