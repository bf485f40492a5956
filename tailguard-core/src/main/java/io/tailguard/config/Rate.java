package io.tailguard.config;

import java.math.BigInteger;

/**
 * Thread-safe (immutable): a rate as a whole count per period, in lowest terms, so that
 * {@code 0.5/s} is 1 per 2 s and no arithmetic on it drifts as a floating-point rate would.
 *
 * @param count       events per period, at least 1
 * @param periodNanos the period, nanoseconds, at least 1
 */
public record Rate(long count, long periodNanos) {

    private static final long SECOND_NANOS = 1_000_000_000L;

    /** Validates and reduces to lowest terms. */
    public Rate {
        Check.positive("count", count);
        Check.positive("periodNanos", periodNanos);
        long gcd = BigInteger.valueOf(count).gcd(BigInteger.valueOf(periodNanos)).longValueExact();
        count /= gcd;
        periodNanos /= gcd;
    }

    /** Returns {@code perSecond} events a second. */
    public static Rate perSecond(long perSecond) {
        return new Rate(perSecond, SECOND_NANOS);
    }

    /** Returns true if the rate is a whole number of events a second. */
    public boolean isWholePerSecond() {
        return SECOND_NANOS % periodNanos == 0 && count <= Long.MAX_VALUE / (SECOND_NANOS / periodNanos);
    }

    /**
     * Returns the whole number of events a second.
     *
     * @throws ArithmeticException if the rate is not a whole number a second
     */
    public long wholePerSecond() {
        if (!isWholePerSecond()) {
            throw new ArithmeticException(this + " is not a whole number a second");
        }
        return count * (SECOND_NANOS / periodNanos);
    }

    /** Returns the rate a second, for display: inexact for rates such as 1/3s. */
    public double perSecondApprox() {
        return count * 1e9 / periodNanos;
    }

    /** Returns the due time of event {@code i} counted from 0, nanoseconds, exact to the nanosecond below. */
    public long offsetNanos(long i) {
        return BigInteger.valueOf(i).multiply(BigInteger.valueOf(periodNanos)).divide(BigInteger.valueOf(count))
                .longValueExact();
    }

    /** Returns the rate in the syntax {@link RateText} reads, as {@code 1/2s} or {@code 500/s}. */
    @Override
    public String toString() {
        if (periodNanos == SECOND_NANOS) {
            return count + "/s";
        }
        String period = periodNanos % SECOND_NANOS == 0 ? periodNanos / SECOND_NANOS + "s"
                : periodNanos % 1_000_000L == 0 ? periodNanos / 1_000_000L + "ms" : periodNanos + "ns";
        return count + "/" + period;
    }
}
