package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void helpListsEveryCommandWithOneLineEach() {
        assertThat(run("--help")).isEqualTo(0);
        assertThat(out.toString())
                .contains("Usage: tailguard")
                .containsPattern("(?m)^\\s+lab\\s+\\S.*$")
                .containsPattern("(?m)^\\s+journal\\s+\\S.*$");
    }

    @Test
    void unknownCommandPrintsOneLineAndUsageWithExitTwo() {
        assertThat(run("frobnicate")).isEqualTo(2);
        String text = err.toString();
        assertThat(text.lines().findFirst()).hasValueSatisfying(line -> assertThat(line)
                .isEqualTo("tailguard: unknown command 'frobnicate'; commands are lab, journal, help"));
        assertThat(text).contains("Usage: tailguard");
    }

    @Test
    void unknownFlagPrintsOneLineAndUsageWithExitTwo() {
        assertThat(run("--bogus")).isEqualTo(2);
        assertThat(err.toString().lines().findFirst())
                .hasValue("tailguard: unknown option '--bogus'");
        assertThat(err.toString()).contains("Usage: tailguard");
    }

    @Test
    void versionNamesTheProject() {
        assertThat(run("--version")).isEqualTo(0);
        assertThat(out.toString()).startsWith("tailguard ");
    }
}
