package io.tailguard.slo;

import io.tailguard.config.Check;
import io.tailguard.config.Nanos;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link CriticalityQueue}.
 *
 * @param bound           the most requests in the system at once, waiting plus in service, at least 1
 *                        (the Little's-law budget: capacity × deadline)
 * @param maxQueueingTime requests that waited longer are shed at dequeue with {@code QUEUE_TIMEOUT};
 *                        zero means no limit (set it to the deadline less one service, so a started
 *                        request always finishes in time)
 * @param protectCritical whether a critical request finding the system full displaces the newest
 *                        waiting background request ({@code false}: both classes are refused alike)
 */
public record CriticalityQueueConfig(int bound, Duration maxQueueingTime, boolean protectCritical) {

    /** Validates every field. */
    public CriticalityQueueConfig {
        Check.positive("bound", bound);
        Check.nonNegative("maxQueueingTime", maxQueueingTime);
    }

    /** Returns the maximum queueing time in nanoseconds, {@link Long#MAX_VALUE} when unlimited. */
    public long maxQueueingNanos() {
        return Nanos.limitOrUnlimited(maxQueueingTime);
    }
}
