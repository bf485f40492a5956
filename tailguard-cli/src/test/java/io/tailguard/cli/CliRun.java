package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Not thread-safe: runs the CLI in-process, as {@code ./tailguard} would, and keeps what it printed. */
public final class CliRun {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs {@code tailguard args...}; returns the exit code. */
    public int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    /**
     * Runs {@code tailguard args...} afresh, expecting it refused as a user mistake: exit 2, nothing on
     * standard output and one line on standard error, which it returns without its line end.
     */
    public static String mistake(String... args) {
        CliRun run = new CliRun();
        assertThat(run.run(args)).as(run.err()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).endsWith(System.lineSeparator());
        assertThat(run.err().lines()).hasSize(1);
        return run.err().strip();
    }

    /** Everything printed on standard output so far. */
    public String out() {
        return out.toString();
    }

    /** Everything printed on standard error so far. */
    public String err() {
        return err.toString();
    }
}
