package io.tailguard.sim.arrival;

/** Not thread-safe iterator over one run's arrival times, non-decreasing, in nanoseconds. */
@FunctionalInterface
public interface ArrivalStream {

    /** Returned by {@link #nextNanos} when there are no further arrivals. */
    long END = Long.MAX_VALUE;

    /** Returns the next arrival time in virtual nanoseconds, or {@link #END}. */
    long nextNanos();
}
