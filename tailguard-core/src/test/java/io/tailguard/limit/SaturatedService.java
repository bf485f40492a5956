package io.tailguard.limit;

/**
 * Not thread-safe: drives a {@link Limit} with a service of 8 workers and 10 ms service time that
 * is always saturated, so every RTT is the queue the limit itself keeps: the steady overload under
 * which a baseline that follows the queue drifts up.
 */
final class SaturatedService {

    private static final long MS = 1_000_000L;

    private SaturatedService() {
    }

    /** Feeds one sample a millisecond for {@code samples} milliseconds; returns the highest limit. */
    static int highestLimit(Limit limit, int samples) {
        int highest = 0;
        for (long i = 0; i < samples; i++) {
            int inFlight = limit.limit();
            long rtt = (long) (10 * MS * Math.max(1.0, inFlight / 8.0));
            highest = Math.max(highest, limit.update(i * MS, rtt, inFlight, false));
        }
        return highest;
    }
}
