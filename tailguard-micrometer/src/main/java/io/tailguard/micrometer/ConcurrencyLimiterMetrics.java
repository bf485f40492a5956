package io.tailguard.micrometer;

import io.micrometer.core.instrument.Gauge;
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
        Gauge.builder("tailguard.limiter.in.flight", limiter, ConcurrencyLimiter::inFlight).tags(tags)
                .strongReference(true).description("requests holding a permit").register(registry);
        Gauge.builder("tailguard.limiter.limit", limiter, ConcurrencyLimiter::limit).tags(tags)
                .strongReference(true).description("the concurrency limit enforced now").register(registry);
    }
}
