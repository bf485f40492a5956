package io.tailguard.sim.hedge;

/**
 * Not thread-safe wasted work of one {@link HedgedRun}, per request: the milliseconds its losing
 * attempts ran before they were cancelled, and whether one of them would have finished at the very
 * instant the winner did (a wasted completion).
 */
public final class HedgeWaste {

    final long[] workMs;
    final boolean[] tied;

    HedgeWaste(int requests) {
        workMs = new long[requests];
        tied = new boolean[requests];
    }

    /** Returns the milliseconds request {@code request}'s cancelled attempts ran. */
    public long workMs(int request) {
        return workMs[request];
    }

    /** Returns true if a cancelled attempt of request {@code request} was due when the winner answered. */
    public boolean tied(int request) {
        return tied[request];
    }
}
