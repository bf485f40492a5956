package io.tailguard.rate;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link TokenBucket}: at most {@code capacity} tokens, {@code refillTokens}
 * added every {@code refillPeriod} (spread evenly, exactly), {@code initialTokens} at creation.
 *
 * <p>Limits, checked here: the refill rate is at most one token per nanosecond (10^9 per second),
 * {@code refillPeriod / g × refillTokens / g} fits in a {@code long}, where g is their greatest
 * common divisor, and refilling from empty ({@code capacity × refillPeriod / refillTokens}) takes at
 * most 2^62 ns (146 years). With these, the bucket stays exact for 146 years of uptime.
 *
 * @param capacity      the most tokens the bucket holds (the burst), at least 1
 * @param refillTokens  tokens added per {@code refillPeriod}, at least 1
 * @param refillPeriod  the period over which {@code refillTokens} are added, greater than zero
 * @param initialTokens tokens at creation, between 0 and {@code capacity}
 */
public record TokenBucketConfig(long capacity, long refillTokens, Duration refillPeriod, long initialTokens) {

    private static final long FULL_REFILL_LIMIT_NANOS = 1L << 62;

    /** Validates every field; see the class javadoc for the limits. */
    public TokenBucketConfig {
        Check.positive("capacity", capacity);
        Check.positive("refillTokens", refillTokens);
        Check.positive("refillPeriod", refillPeriod);
        Check.inRange("initialTokens", initialTokens, 0, capacity);
        long periodNanos = toNanos("refillPeriod", refillPeriod);
        if (refillTokens > periodNanos) {
            throw new IllegalArgumentException("refillTokens must be <= refillPeriod in nanoseconds ("
                    + periodNanos + ", at most one token per nanosecond) but was " + refillTokens);
        }
        long gcd = gcd(periodNanos, refillTokens);
        long reducedProduct;
        try {
            reducedProduct = Math.multiplyExact(periodNanos / gcd, refillTokens / gcd);
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException("refillPeriod must be short enough that refillPeriod (ns) × "
                    + "refillTokens / gcd² fits in a long but was " + refillPeriod + " with refillTokens "
                    + refillTokens);
        }
        assert reducedProduct > 0;
        long intervalNanos = (periodNanos / gcd) / (refillTokens / gcd);
        if (capacity > FULL_REFILL_LIMIT_NANOS / intervalNanos) {
            throw new IllegalArgumentException("capacity × refillPeriod / refillTokens must be <= 2^62 ns (146 years "
                    + "to refill from empty) but was " + capacity + " × " + refillPeriod + " / " + refillTokens);
        }
    }

    /** A bucket that starts full: {@code capacity} tokens, refilled at {@code refillTokens} per period. */
    public static TokenBucketConfig of(long capacity, long refillTokens, Duration refillPeriod) {
        return new TokenBucketConfig(capacity, refillTokens, refillPeriod, capacity);
    }

    /** Returns a copy starting with {@code tokens} tokens instead. */
    public TokenBucketConfig withInitialTokens(long tokens) {
        return new TokenBucketConfig(capacity, refillTokens, refillPeriod, tokens);
    }

    static long toNanos(String name, Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(name + " must be at most 292 years but was " + duration);
        }
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
