package io.tailguard.path;

import io.tailguard.config.Check;
import io.tailguard.config.Rate;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;

/**
 * Thread-safe (immutable) token bucket of a route or of one client: tokens added at {@code rate},
 * exactly (a {@link Rate} is a whole count per period, so {@code 0.5/s} adds one token every 2 s and
 * {@code 1/m} one a minute), bursts of up to {@code burst}.
 *
 * @param rate  how fast tokens are added, at most one a nanosecond
 * @param burst the most tokens held, at least 1
 */
public record RateSettings(Rate rate, long burst) {

    /** Validates every field, with the limits of core's token bucket. */
    public RateSettings {
        Check.notNull("rate", rate);
        Check.positive("burst", burst);
        bucket(rate, burst);
    }

    /** A bucket adding {@code perSecond} tokens a second. */
    public RateSettings(long perSecond, long burst) {
        this(Rate.perSecond(Check.positive("per-second", perSecond)), burst);
    }

    /** Returns the core token bucket settings: starts full, refills at exactly this rate. */
    public TokenBucketConfig bucket() {
        return bucket(rate, burst);
    }

    private static TokenBucketConfig bucket(Rate rate, long burst) {
        return TokenBucketConfig.of(burst, rate.count(), Duration.ofNanos(rate.periodNanos()));
    }
}
