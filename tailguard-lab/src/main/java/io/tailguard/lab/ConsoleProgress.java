package io.tailguard.lab;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Not thread-safe progress reporter on stderr. With a console attached it redraws one bar line
 * with {@code \r}; otherwise (pipes, CI logs) it prints one plain line per step.
 */
final class ConsoleProgress implements Progress {

    private static final int BAR_WIDTH = 24;

    private final PrintWriter err;
    private final boolean console;
    private String task = "";
    private int total;
    private int done;

    ConsoleProgress(PrintWriter err, boolean console) {
        this.err = err;
        this.console = console;
    }

    @Override
    public void begin(String taskName, int totalSteps) {
        this.task = taskName;
        this.total = Math.max(1, totalSteps);
        this.done = 0;
        if (!console) {
            err.println("tailguard: " + taskName + " (" + totalSteps + " steps)");
        }
    }

    @Override
    public void step(String label) {
        done = Math.min(total, done + 1);
        if (console) {
            int filled = done * BAR_WIDTH / total;
            err.print(String.format(Locale.ROOT, "\r%s [%s%s] %3d%% %-30.30s", task,
                    "#".repeat(filled), " ".repeat(BAR_WIDTH - filled), done * 100 / total, label));
            err.flush();
        } else {
            err.println(String.format(Locale.ROOT, "tailguard: %s %d/%d %s", task, done, total, label));
        }
    }

    @Override
    public void end() {
        if (console) {
            err.println();
        }
    }
}
