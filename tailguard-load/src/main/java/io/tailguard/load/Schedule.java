package io.tailguard.load;

import io.tailguard.config.Check;
import io.tailguard.config.Rate;
import java.math.BigInteger;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe to build, immutable once built: every due time of one step, computed before the
 * step starts, as offsets in nanoseconds from its start. Nothing the target does can move them,
 * which is what makes the load open-loop.
 */
final class Schedule {

    /** The most requests one step may hold (8 bytes each). */
    static final long MAX_REQUESTS = 20_000_000L;

    private final long[] dueOffsetsNanos;

    private Schedule(long[] dueOffsetsNanos) {
        this.dueOffsetsNanos = dueOffsetsNanos;
    }

    /**
     * Builds the due times in {@code [0, spanNanos)} of arrivals at {@code rate}, which may be below one
     * a second ({@code 0.5/s}: one every 2 s). Constant arrivals compute each due time from its index,
     * exactly ({@link Rate#offsetNanos}: no accumulated rounding drift); Poisson arrivals add
     * exponential gaps drawn from {@code random}.
     */
    static Schedule of(Arrivals arrivals, Rate rate, long spanNanos, RandomGenerator random) {
        Check.notNull("rate", rate);
        Check.positive("spanNanos", spanNanos);
        long expected = expectedCount(rate, spanNanos);
        if (expected > MAX_REQUESTS) {
            throw new IllegalArgumentException("requests per step must be at most " + MAX_REQUESTS + " but was "
                    + expected);
        }
        if (arrivals == Arrivals.CONSTANT) {
            long[] due = new long[(int) expected];
            boolean fitsALong = due.length <= Long.MAX_VALUE / rate.periodNanos();
            for (int i = 0; i < due.length; i++) {
                due[i] = fitsALong ? i * rate.periodNanos() / rate.count() : rate.offsetNanos(i);
            }
            return new Schedule(due);
        }
        // Poisson: the count is itself random; grow the array as needed
        long[] due = new long[(int) Math.min(MAX_REQUESTS, expected + expected / 8 + 16)];
        int n = 0;
        double meanGapNanos = (double) rate.periodNanos() / rate.count();
        double t = 0;
        while (true) {
            t += -Math.log(1.0 - random.nextDouble()) * meanGapNanos;
            if (t >= spanNanos) {
                break;
            }
            if (n == due.length) {
                if (n >= MAX_REQUESTS) {
                    throw new IllegalArgumentException("requests per step must be at most " + MAX_REQUESTS
                            + " but the Poisson draw exceeded it");
                }
                due = java.util.Arrays.copyOf(due, (int) Math.min(MAX_REQUESTS, (long) n * 2));
            }
            due[n++] = (long) t;
        }
        return new Schedule(java.util.Arrays.copyOf(due, n));
    }

    /**
     * Returns the number of constant arrivals in the span, {@code ceil(rate x span)}, or
     * {@link Long#MAX_VALUE} if that does not fit in a long.
     */
    static long expectedCount(Rate rate, long spanNanos) {
        // i is due at floor(i * period / count) < span  <=>  i * period < span * count
        BigInteger[] quotient = BigInteger.valueOf(spanNanos).multiply(BigInteger.valueOf(rate.count()))
                .divideAndRemainder(BigInteger.valueOf(rate.periodNanos()));
        BigInteger count = quotient[0].add(BigInteger.valueOf(quotient[1].signum()));
        return count.bitLength() < Long.SIZE ? count.longValue() : Long.MAX_VALUE;
    }

    /** Returns the number of requests. */
    int size() {
        return dueOffsetsNanos.length;
    }

    /** Returns the due time of request {@code i}, in nanoseconds after the step's start. */
    long dueOffsetNanos(int i) {
        return dueOffsetsNanos[i];
    }

    /** Returns the absolute due times for a step that starts at {@code startNanos}. */
    long[] absolute(long startNanos) {
        long[] due = new long[dueOffsetsNanos.length];
        for (int i = 0; i < due.length; i++) {
            due[i] = startNanos + dueOffsetsNanos[i];
        }
        return due;
    }
}
