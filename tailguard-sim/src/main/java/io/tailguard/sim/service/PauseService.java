package io.tailguard.sim.service;

/**
 * Thread-safe (immutable) service with one stall (labs-spec §4.4): 10 ms, except that a request
 * arriving during the stall waits for its end and then takes 10 ms.
 *
 * @param baseMs     latency outside the stall
 * @param pauseStartMs first millisecond of the stall
 * @param pauseEndMs first millisecond after it
 */
public record PauseService(long baseMs, long pauseStartMs, long pauseEndMs) {

    /** The published stall for a run of {@code durationMs}: from D/2, min(500, max(1, D/4)) long. */
    public static PauseService published(long durationMs) {
        long start = durationMs / 2;
        return new PauseService(10, start, start + Math.min(500, Math.max(1, durationMs / 4)));
    }

    /** Returns the latency of a request that arrives at {@code arrivalMs}. */
    public long latencyMs(long arrivalMs) {
        if (arrivalMs >= pauseStartMs && arrivalMs < pauseEndMs) {
            return pauseEndMs - arrivalMs + baseMs;
        }
        return baseMs;
    }
}
