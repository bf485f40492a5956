package io.tailguard.rate;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link FixedWindowRateLimiter}, named as in Resilience4j's RateLimiter:
 * {@code limitForPeriod} permits in every {@code refreshPeriod}, unused permits lost at the end of
 * each period. The rate is limited to four permits per nanosecond, which keeps the permit count exact
 * for at least 73 years of uptime (2^63 ns × refreshPeriod / limitForPeriod).
 *
 * @param limitForPeriod permits granted per period, at least 1
 * @param refreshPeriod  the period length, greater than zero
 */
public record FixedWindowConfig(int limitForPeriod, Duration refreshPeriod) {

    /** Validates every field. */
    public FixedWindowConfig {
        Check.positive("limitForPeriod", limitForPeriod);
        Check.positive("refreshPeriod", refreshPeriod);
        long periodNanos = TokenBucketConfig.toNanos("refreshPeriod", refreshPeriod);
        if (periodNanos < (limitForPeriod + 3L) / 4) { // limit > 4 × period, without overflow
            throw new IllegalArgumentException("limitForPeriod must be <= 4 × refreshPeriod in nanoseconds ("
                    + 4 * periodNanos + ", at most four permits per nanosecond) but was " + limitForPeriod);
        }
    }
}
