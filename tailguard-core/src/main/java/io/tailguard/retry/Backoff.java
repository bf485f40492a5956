package io.tailguard.retry;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) wait before a retry: {@code base × multiplier^(retry−1)}, capped at
 * {@code max}, then jittered so that clients that failed together do not retry together. Jitter draws
 * from the {@link RandomGenerator} the caller passes (seeded in a simulation), never from a global
 * source. {@link Jitter#FULL} is the AWS architecture blog's "full jitter": uniform in [0, delay).
 *
 * @param base       delay before the first retry, at least 0
 * @param multiplier growth per retry, at least 1 (1 = a fixed delay)
 * @param max        cap on the delay before jitter, at least {@code base}
 * @param jitter     how the capped delay is randomised
 */
public record Backoff(Duration base, double multiplier, Duration max, Jitter jitter) {

    /** How a delay is randomised. */
    public enum Jitter {
        /** The delay as computed. */
        NONE,
        /** Uniform in [0, delay). */
        FULL,
        /** Half the delay plus uniform in [0, delay/2). */
        EQUAL
    }

    /** Validates every field. */
    public Backoff {
        Check.nonNegative("base", base);
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new IllegalArgumentException("multiplier must be >= 1 but was " + multiplier);
        }
        Check.nonNegative("max", max);
        if (max.compareTo(base) < 0) {
            throw new IllegalArgumentException("max must be >= base (" + base + ") but was " + max);
        }
        Check.notNull("jitter", jitter);
    }

    /** The same delay before every retry, no jitter. */
    public static Backoff fixed(Duration delay) {
        return new Backoff(delay, 1.0, delay, Jitter.NONE);
    }

    /** Exponential growth from {@code base}, capped at {@code max}, with full jitter. */
    public static Backoff exponentialFullJitter(Duration base, double multiplier, Duration max) {
        return new Backoff(base, multiplier, max, Jitter.FULL);
    }

    /**
     * Returns the wait before retry number {@code retry} (1 for the first retry), in nanoseconds.
     *
     * @param random the source of jitter; not touched when {@link #jitter()} is {@code NONE}
     */
    public long delayNanos(int retry, RandomGenerator random) {
        Check.positive("retry", retry);
        double delay = base.toNanos() * Math.pow(multiplier, retry - 1);
        long capped = (long) Math.min(delay, (double) max.toNanos());
        switch (jitter) {
            case FULL:
                return capped == 0 ? 0 : random.nextLong(capped);
            case EQUAL:
                long half = capped / 2;
                return half + (capped - half == 0 ? 0 : random.nextLong(capped - half));
            default:
                return capped;
        }
    }
}
