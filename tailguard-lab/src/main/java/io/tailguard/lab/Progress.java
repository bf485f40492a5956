package io.tailguard.lab;

import java.io.PrintWriter;

/**
 * Not thread-safe (unless an implementation says so) receiver of a long run's progress.
 * Experiments call {@link #begin} with the number of steps, then {@link #step} once per finished
 * step, then {@link #end}.
 */
public interface Progress {

    /** Announces a task made of {@code totalSteps} steps. */
    void begin(String task, int totalSteps);

    /** Reports that one more step, named {@code label}, is done. */
    void step(String label);

    /** Reports that the current task is finished. */
    void end();

    /** Returns a progress sink that ignores everything (tests, embedding). */
    static Progress silent() {
        return SilentProgress.INSTANCE;
    }

    /**
     * Returns a reporter on {@code err}: a redrawn {@code \r} bar if {@code console} is true, else
     * one line per step.
     */
    static Progress console(PrintWriter err, boolean console) {
        return new ConsoleProgress(err, console);
    }
}
