package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.hedge.Hedger;

/**
 * Thread-safe binder of a {@link Hedger}: counters {@code tailguard.hedge.calls},
 * {@code tailguard.hedge.sent} (attempts beyond the first), {@code tailguard.hedge.won} (calls an
 * extra attempt answered first) and {@code tailguard.hedge.budget.denied} (hedges the budget
 * refused), and the time gauge {@code tailguard.hedge.delay} (the wait before the next hedge; NaN
 * while a percentile delay has not seen enough calls).
 */
public final class HedgerMetrics extends PolicyBinder<Hedger> {

    /** Binds {@code hedger} with {@code tags} on every meter. */
    public HedgerMetrics(Hedger hedger, Iterable<Tag> tags) {
        super("hedger", hedger, tags);
        counter("tailguard.hedge.calls", h -> h.stats().calls(), "hedged calls started");
        counter("tailguard.hedge.sent", h -> h.stats().extraAttempts(), "attempts started beyond the first of each call");
        counter("tailguard.hedge.won", h -> h.stats().hedgesWon(), "calls answered first by an attempt other than the first");
        counter("tailguard.hedge.budget.denied", h -> h.stats().budgetDenials(), "extra attempts the budget refused");
        timeGauge("tailguard.hedge.delay", HedgerMetrics::delayNanos,
                "wait before the next attempt of a call starting now");
    }

    private static double delayNanos(Hedger hedger) {
        long delayNanos = hedger.currentDelayNanos();
        return delayNanos == Long.MAX_VALUE ? Double.NaN : delayNanos;
    }
}
