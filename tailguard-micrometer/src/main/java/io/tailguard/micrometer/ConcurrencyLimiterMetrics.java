package io.tailguard.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.limit.ConcurrencyLimiter;

/**
 * Thread-safe binder of a {@link ConcurrencyLimiter}: gauges {@code tailguard.limiter.in.flight}
 * (requests holding a permit) and {@code tailguard.limiter.limit} (the limit enforced now, which
 * moves for an adaptive limit).
 */
public final class ConcurrencyLimiterMetrics implements MeterBinder {

    private final ConcurrencyLimiter limiter;
    private final Tags tags;

    /** Binds {@code limiter} with {@code tags} on every meter. */
    public ConcurrencyLimiterMetrics(ConcurrencyLimiter limiter, Iterable<Tag> tags) {
        this.limiter = Check.notNull("limiter", limiter);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauges.register(registry, "tailguard.limiter.in.flight", limiter, ConcurrencyLimiter::inFlight, tags,
                "requests holding a permit");
        Gauges.register(registry, "tailguard.limiter.limit", limiter, ConcurrencyLimiter::limit, tags,
                "the concurrency limit enforced now");
    }
}
