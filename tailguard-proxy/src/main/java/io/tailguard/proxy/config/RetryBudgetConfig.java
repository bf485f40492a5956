package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of a pool's retry budget (Finagle's shape): retries may add
 * {@code percent} of the requests seen over the last {@code ttl}, plus {@code minPerSecond}.
 *
 * @param percent      extra load retries may add, in [0, 100]
 * @param minPerSecond retries always allowed per second, at least 0
 * @param ttl          how long a request counts towards the budget, greater than zero
 */
public record RetryBudgetConfig(double percent, int minPerSecond, Duration ttl) {

    /** Validates every field. */
    public RetryBudgetConfig {
        Check.inRange("retry-budget.percent", percent, 0.0, 100.0);
        Check.nonNegative("retry-budget.min-per-second", minPerSecond);
        Check.positive("retry-budget.ttl", ttl);
    }

    /** Returns 20 % plus 10 per second over 10 s, Finagle's defaults. */
    public static RetryBudgetConfig defaults() {
        return new RetryBudgetConfig(20.0, 10, Duration.ofSeconds(10));
    }
}
