package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import io.tailguard.config.Rate;
import io.tailguard.path.RateSettings;

/**
 * Thread-safe (immutable) token bucket settings: tokens added at {@code rate}, exactly (a fraction
 * such as {@code per-second: 0.5} is one token every 2 s), bursts of up to {@code burst}; in this
 * process, or in Redis when {@code redis} is given.
 *
 * @param rate  how fast tokens are added, at most 10^9 a second
 * @param burst the most tokens held, at least 1
 * @param redis where the bucket is shared by every proxy instance, or {@code null} for a bucket of
 *              this process's own
 */
public record RateConfig(Rate rate, long burst, RedisRateConfig redis) {

    /** Validates every field. */
    public RateConfig {
        Check.notNull("per-second", rate);
        Check.positive("burst", burst);
    }

    /** Tokens added {@code perSecond} a second. */
    public RateConfig(long perSecond, long burst, RedisRateConfig redis) {
        this(Rate.perSecond(Check.positive("per-second", perSecond)), burst, redis);
    }

    /** A bucket of this process's own, {@code perSecond} tokens a second. */
    public RateConfig(long perSecond, long burst) {
        this(perSecond, burst, null);
    }

    /** Returns the core decision path's settings of this bucket. */
    public RateSettings settings() {
        return new RateSettings(rate, burst);
    }
}
