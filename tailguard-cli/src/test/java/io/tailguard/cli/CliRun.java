package io.tailguard.cli;

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

    /** Everything printed on standard output so far. */
    public String out() {
        return out.toString();
    }

    /** Everything printed on standard error so far. */
    public String err() {
        return err.toString();
    }
}
