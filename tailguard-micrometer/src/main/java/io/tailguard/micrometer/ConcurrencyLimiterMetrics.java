package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.limit.ConcurrencyLimiter;

/**
 * Thread-safe binder of a {@link ConcurrencyLimiter}: gauges {@code tailguard.limiter.in.flight}
 * (requests holding a permit) and {@code tailguard.limiter.limit} (the limit enforced now, which
 * moves for an adaptive limit).
 */
public final class ConcurrencyLimiterMetrics extends PolicyBinder<ConcurrencyLimiter> {

    /** Binds {@code limiter} with {@code tags} on every meter. */
    public ConcurrencyLimiterMetrics(ConcurrencyLimiter limiter, Iterable<Tag> tags) {
        super("limiter", limiter, tags);
        gauge("tailguard.limiter.in.flight", ConcurrencyLimiter::inFlight, "requests holding a permit");
        gauge("tailguard.limiter.limit", ConcurrencyLimiter::limit, "the concurrency limit enforced now");
    }
}
