package io.tailguard.rate;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link FixedWindowRateLimiter}, named as in Resilience4j's RateLimiter:
 * {@code limitForPeriod} permits in every {@code refreshPeriod}, unused permits lost at the end of
 * each period. Any rate is exact: the count starts again in every cycle.
 *
 * @param limitForPeriod permits granted per period, at least 1
 * @param refreshPeriod  the period length, greater than zero
 */
public record FixedWindowConfig(int limitForPeriod, Duration refreshPeriod) {

    /** Validates every field. */
    public FixedWindowConfig {
        Check.positive("limitForPeriod", limitForPeriod);
        Check.positive("refreshPeriod", refreshPeriod);
        TokenBucketConfig.toNanos("refreshPeriod", refreshPeriod);
    }
}
