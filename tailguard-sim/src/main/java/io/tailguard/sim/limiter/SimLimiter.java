package io.tailguard.sim.limiter;

/**
 * Not thread-safe limiter as the simulated client sees it: acquire a handle or be shed, release
 * the handle when the request ends. Each implementation adapts one limiter to a simulated client.
 */
public interface SimLimiter {

    /** Returns a handle for a request admitted at {@code nowNanos}, or null if it is shed. */
    Object acquire(long nowNanos);

    /** Ends the request of {@code handle} at {@code nowNanos}, as an error if {@code dropped}. */
    void release(Object handle, long nowNanos, boolean dropped);

    /** Returns the limit now in force (requests in flight; requests per lease for the lease). */
    int limit();

    /** Stops any timer the limiter runs, so the simulation can finish. */
    default void stop() {
    }
}
