package io.tailguard.rate;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Configuration of a {@link FixedWindowRateLimiter}, named as in Resilience4j's RateLimiter:
 * {@code limitForPeriod} permits in every {@code refreshPeriod}, unused permits lost at the end of
 * each period. The rate is limited to one permit per nanosecond.
 *
 * @param limitForPeriod permits granted per period, at least 1
 * @param refreshPeriod  the period length, greater than zero
 */
public record FixedWindowConfig(int limitForPeriod, Duration refreshPeriod) {

    /** Validates every field. */
    public FixedWindowConfig {
        Check.positive("limitForPeriod", limitForPeriod);
        Check.positive("refreshPeriod", refreshPeriod);
        long periodNanos = TokenBucketConfig.toNanos(refreshPeriod);
        if (limitForPeriod > periodNanos) {
            throw new IllegalArgumentException("limitForPeriod must be <= refreshPeriod in nanoseconds ("
                    + periodNanos + ", at most one permit per nanosecond) but was " + limitForPeriod);
        }
    }
}
