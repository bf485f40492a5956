package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.retry.RetryBudget;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link RetryBudget}: gauge {@code tailguard.retry.budget.available}, the
 * retries the budget would allow now (read at {@code clock}'s time).
 */
public final class RetryBudgetMetrics extends PolicyBinder<RetryBudget> {

    /** Binds {@code budget}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public RetryBudgetMetrics(RetryBudget budget, NanoClock clock, Iterable<Tag> tags) {
        super("budget", budget, tags);
        gauge("tailguard.retry.budget.available", clock, RetryBudget::available, "retries the budget allows now");
    }
}
