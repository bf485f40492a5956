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
    void unknownCommandPrintsOneLineAndUsageWithExitTwo() {
        assertThat(cli.run("frobnicate")).isEqualTo(2);
        String text = cli.err();
        assertThat(text.lines().findFirst()).hasValueSatisfying(line -> assertThat(line)
                .isEqualTo("tailguard: unknown command 'frobnicate'; commands are lab, journal, proxy, backend, load, plan, redis-limit, help"));
        assertThat(text).contains("Usage: tailguard");
    }

    @Test
    void unknownFlagPrintsOneLineAndUsageWithExitTwo() {
        assertThat(cli.run("--bogus")).isEqualTo(2);
        assertThat(cli.err().lines().findFirst())
                .hasValue("tailguard: unknown option '--bogus'");
        assertThat(cli.err()).contains("Usage: tailguard");
    }

    @Test
    void misspeltOptionSuggestsTheRightOneInOneLineWithExitTwo() {
        assertThat(cli.run("lab", "backpressure", "--concurency", "20")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--concurency'; did you mean --concurrency? "
                + "(see 'tailguard lab backpressure --help')" + System.lineSeparator());
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void misspeltJournalBenchOptionSuggestsTheRightOne() {
        assertThat(cli.run("journal", "bench", "--rat", "5")).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("tailguard: unknown option '--rat'; did you mean --rate? "
                + "(see 'tailguard journal bench --help')" + System.lineSeparator());
    }

    @Test
    void everyExampleInEveryHelpFitsOnOneLineSoItCanBePasted() {
        List<String> examples = new ArrayList<>();
        collectExamples(Main.commandLine(), examples);
        assertThat(examples).isNotEmpty()
                .contains("  tailguard journal bench --rate 200000 --durability none --replication ack-or-sync "
                        + "--ack-grace 0  # force every message")
                .allSatisfy(line -> assertThat(line).doesNotEndWith("\\"))
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
    void versionNamesTheProject() {
        assertThat(cli.run("--version")).isEqualTo(0);
        assertThat(cli.out()).startsWith("tailguard ");
    }
}
