package io.tailguard.lease;

import io.tailguard.config.Check;
import io.tailguard.config.Nanos;
import java.time.Duration;

/**
 * Thread-safe, immutable grant from a responder: "up to {@code allowedRequests} requests during the
 * next {@code timeToLive}". A new lease replaces the previous one; nothing carries over.
 *
 * @param allowedRequests requests allowed until the lease expires or is replaced, at least 1
 * @param timeToLive how long the lease is valid from the moment it is installed, greater than zero
 */
public record Lease(int allowedRequests, Duration timeToLive) {

    /** Validates the lease. */
    public Lease {
        Check.positive("allowedRequests", allowedRequests);
        Check.positive("timeToLive", timeToLive);
    }

    /** Returns {@link #timeToLive} in nanoseconds (saturating at {@code Long.MAX_VALUE}). */
    public long timeToLiveNanos() {
        return Nanos.saturated(timeToLive);
    }
}
