package io.tailguard.sim.shaping;

import java.time.Duration;

/**
 * Thread-safe (stateless) the {@code long} time the core gates are driven with, from the model's
 * milliseconds. Core's {@code TokenBucket} and {@code LeakyBucketShaper} never read a clock: they
 * compare and add the longs they are given, so any fixed tick works, as long as the configured
 * periods are given in the same tick.
 */
public enum GateClock {

    /** Nanoseconds, {@code round(ms × 10^6)}: how a service drives the gates. */
    NANOS {
        @Override
        public long ticks(double ms) {
            return Math.round(ms * 1e6);
        }

        @Override
        public double ms(long ticks) {
            return ticks / 1e6;
        }

        @Override
        public Duration period(long ms) {
            return Duration.ofMillis(ms);
        }
    },

    /**
     * The published clock (a lab adapter): ticks of 2^-43 ms, in which every double from 512 ms to
     * 2^20 ms (17 minutes, past the longest window) is a whole number, and so is every published
     * arrival below 512 ms (whole milliseconds of the valley); finer doubles are truncated.
     * The published gates compare those doubles as they are: an arrival 6 × 5/3 ms after another
     * sums to 9.9999999999998 ms, not 10, and finds no token; rounded to the nanosecond, the
     * difference would vanish and the arrival would find one.
     */
    PUBLISHED {
        @Override
        public long ticks(double ms) {
            return (long) Math.scalb(ms, SHIFT);
        }

        @Override
        public double ms(long ticks) {
            return Math.scalb((double) ticks, -SHIFT);
        }

        @Override
        public Duration period(long ms) {
            return Duration.ofNanos(ms << SHIFT);
        }
    };

    private static final int SHIFT = 43;

    /** The time of {@code ms} on this clock. */
    public abstract long ticks(double ms);

    /** The milliseconds of {@code ticks} on this clock. */
    public abstract double ms(long ticks);

    /** A period of {@code ms} milliseconds in this clock's ticks, as the core configs take it. */
    public abstract Duration period(long ms);
}
