package io.tailguard.retry;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link RetryBudget}, in Finagle's shape: retries may
 * add {@code percent} of the requests seen over the last {@code ttl}, plus a reserve of
 * {@code minPerSecond} retries a second so that a quiet client can still retry.
 *
 * @param percent      extra load retries may add, in [0, 100]
 * @param minPerSecond retries always allowed per second, at least 0
 * @param ttl          how long a request counts towards the budget, at least 1 ms
 */
public record RetryBudgetConfig(double percent, int minPerSecond, Duration ttl) {

    /** Validates every field. */
    public RetryBudgetConfig {
        Check.inRange("percent", percent, 0.0, 100.0);
        Check.nonNegative("minPerSecond", minPerSecond);
        Check.positive("ttl", ttl);
        if (ttl.toMillis() < 1) {
            throw new IllegalArgumentException("ttl must be >= 1ms but was " + ttl);
        }
    }

    /** Returns Finagle's defaults: 20 % plus 10 per second, over 10 s. */
    public static RetryBudgetConfig defaults() {
        return new RetryBudgetConfig(20.0, 10, Duration.ofSeconds(10));
    }
}
