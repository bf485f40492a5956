package io.tailguard.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.hedge.Hedger;

/**
 * Thread-safe binder of a {@link Hedger}: counters {@code tailguard.hedge.calls},
 * {@code tailguard.hedge.sent} (attempts beyond the first), {@code tailguard.hedge.won} (calls an
 * extra attempt answered first) and {@code tailguard.hedge.budget.denied} (hedges the budget
 * refused), and the time gauge {@code tailguard.hedge.delay} (the wait before the next hedge; NaN
 * while a percentile delay has not seen enough calls).
 */
public final class HedgerMetrics implements MeterBinder {

    private final Hedger hedger;
    private final Tags tags;

    /** Binds {@code hedger} with {@code tags} on every meter. */
    public HedgerMetrics(Hedger hedger, Iterable<Tag> tags) {
        this.hedger = Check.notNull("hedger", hedger);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("tailguard.hedge.calls", hedger, Hedger::calls).tags(tags)
                .description("hedged calls started").register(registry);
        FunctionCounter.builder("tailguard.hedge.sent", hedger, Hedger::extraAttempts).tags(tags)
                .description("attempts started beyond the first of each call").register(registry);
        FunctionCounter.builder("tailguard.hedge.won", hedger, Hedger::hedgesWon).tags(tags)
                .description("calls answered first by an attempt other than the first").register(registry);
        FunctionCounter.builder("tailguard.hedge.budget.denied", hedger, Hedger::budgetDenials).tags(tags)
                .description("extra attempts the budget refused").register(registry);
        Gauges.registerNanos(registry, "tailguard.hedge.delay", hedger, HedgerMetrics::delayNanos, tags,
                "wait before the next attempt of a call starting now");
    }

    private static double delayNanos(Hedger hedger) {
        long delayNanos = hedger.currentDelayNanos();
        return delayNanos == Long.MAX_VALUE ? Double.NaN : delayNanos;
    }
}
