package io.tailguard.proxy.config;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) token bucket settings: {@code perSecond} tokens a second, bursts of up to
 * {@code burst}; in this process, or in Redis when {@code redis} is given.
 *
 * @param perSecond tokens added each second, at least 1
 * @param burst     the most tokens held, at least 1
 * @param redis     where the bucket is shared by every proxy instance, or {@code null} for a bucket
 *                  of this process's own
 */
public record RateConfig(long perSecond, long burst, RedisRateConfig redis) {

    /** Validates every field. */
    public RateConfig {
        Check.positive("per-second", perSecond);
        Check.positive("burst", burst);
    }

    /** A bucket of this process's own. */
    public RateConfig(long perSecond, long burst) {
        this(perSecond, burst, null);
    }
}
