package io.tailguard.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.retry.RetryBudget;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link RetryBudget}: gauge {@code tailguard.retry.budget.available}, the
 * retries the budget would allow now (read at {@code clock}'s time).
 */
public final class RetryBudgetMetrics implements MeterBinder {

    private final RetryBudget budget;
    private final NanoClock clock;
    private final Tags tags;

    /** Binds {@code budget}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public RetryBudgetMetrics(RetryBudget budget, NanoClock clock, Iterable<Tag> tags) {
        this.budget = Check.notNull("budget", budget);
        this.clock = Check.notNull("clock", clock);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauges.register(registry, "tailguard.retry.budget.available", budget, b -> b.available(clock.nanoTime()), tags,
                "retries the budget allows now");
    }
}
