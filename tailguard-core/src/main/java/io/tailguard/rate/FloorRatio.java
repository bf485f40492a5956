package io.tailguard.rate;

import java.math.BigInteger;

/**
 * Thread-safe (immutable): computes {@code floor(x × numerator / denominator)} exactly for any
 * {@code long x}, usually without a division.
 *
 * <p><b>Non-negative {@code x}</b> (a gate's elapsed time, the hot path) multiplies by a fixed-point
 * reciprocal: with {@code M = min(floor(n × 2^64 / d), 2^64 − 1)}, the high word of {@code x × M}
 * is {@code q} or {@code q − 1}, because {@code x × n / d − 1 < x × M / 2^64 <= x × n / d} for
 * {@code 0 <= x < 2^63}. The residual {@code x × n − estimate × d} then lies in {@code [0, 2d)}, so
 * for {@code d < 2^62} its low 64 bits are the residual itself and one comparison corrects the
 * estimate. That is one high multiplication, two low ones and a compare: a short dependency chain
 * after the clock read, where a floating-point estimate costs a conversion, a rounding and a
 * conversion back.
 *
 * <p><b>Negative {@code x}</b> (a caller's time before the gate's creation) and larger
 * denominators take a double-precision estimate corrected with exact integer arithmetic. The
 * estimate of {@code q = x × n / d} is off by less than {@code |q| × 2^-51 + 1} (53-bit mantissa, three roundings), so the residual {@code x × n − estimate × d} is below
 * {@code |x| × n × 2^-51 + 2d <= n × 2^12 + 2d} in magnitude. With {@code n <= d} and
 * {@code n × d < 2^63} (the constructor's contract) that is below 2^63 whenever
 * {@code d < 2^61}: for {@code d < 2^50}, {@code n × 2^12 < 2^62}; for larger {@code d},
 * {@code n < 2^13}. So its low 64 bits are the residual itself, and every period up to 73 years,
 * however long the uptime, takes the 64-bit path. For larger denominators the residual is computed
 * in 128 bits. A residual outside one step of the estimate falls back to two exact divisions, as
 * does a numerator larger than the denominator.
 */
final class FloorRatio {

    private static final long FAST_DENOMINATOR_LIMIT = 1L << 61;
    private static final long RECIPROCAL_DENOMINATOR_LIMIT = 1L << 62;

    private final long numerator;
    private final long denominator;
    private final double ratio;
    private final boolean fast;
    private final boolean byReciprocal;
    /** The low 64 bits of the unsigned reciprocal {@code M}. */
    private final long reciprocal;
    /** All ones if {@code M}'s top bit is set: the signed high product then lacks one {@code x}. */
    private final long reciprocalTopBit;

    /** Requires {@code 1 <= numerator <= denominator} and {@code numerator × denominator} to fit a long. */
    FloorRatio(long numerator, long denominator) {
        this.numerator = numerator;
        this.denominator = denominator;
        this.ratio = (double) numerator / denominator;
        this.fast = denominator < FAST_DENOMINATOR_LIMIT && numerator <= denominator;
        this.byReciprocal = denominator < RECIPROCAL_DENOMINATOR_LIMIT && numerator <= denominator;
        BigInteger maxUnsigned = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        BigInteger m = BigInteger.valueOf(numerator).shiftLeft(64).divide(BigInteger.valueOf(denominator))
                .min(maxUnsigned);
        this.reciprocal = byReciprocal ? m.longValue() : 0L;
        this.reciprocalTopBit = reciprocal >> 63;
    }

    long floorOf(long x) {
        if (x >= 0 && byReciprocal) {
            // Unsigned high word of x × M: the signed one plus x when M's top bit is set (x >= 0).
            long estimate = Math.multiplyHigh(x, reciprocal) + (x & reciprocalTopBit);
            long residual = x * numerator - estimate * denominator;
            return residual < denominator ? estimate : estimate + 1;
        }
        if (fast) {
            long estimate = (long) Math.floor(x * ratio);
            long residual = x * numerator - estimate * denominator;
            if (residual >= 0) {
                if (residual < denominator) {
                    return estimate;
                }
                if (residual - denominator < denominator) {
                    return estimate + 1;
                }
            } else if (residual >= -denominator) {
                return estimate - 1;
            }
        } else if (numerator <= denominator) {
            long estimate = (long) Math.floor(x * ratio);
            // The same residual in 128 bits, for denominators too large for the 64-bit form.
            long productLow = x * numerator;
            long guessLow = estimate * denominator;
            long residualLow = productLow - guessLow;
            long residualHigh = Math.multiplyHigh(x, numerator) - Math.multiplyHigh(estimate, denominator)
                    - (Long.compareUnsigned(productLow, guessLow) < 0 ? 1 : 0);
            if (residualHigh == 0) { // 0 <= residual < 2^64
                if (Long.compareUnsigned(residualLow, denominator) < 0) {
                    return estimate;
                }
                if (Long.compareUnsigned(residualLow - denominator, denominator) < 0) {
                    return estimate + 1;
                }
            } else if (residualHigh == -1 && Long.compareUnsigned(residualLow, -denominator) >= 0) {
                return estimate - 1; // -denominator <= residual < 0
            }
        }
        return Math.floorDiv(x, denominator) * numerator + Math.floorMod(x, denominator) * numerator / denominator;
    }
}
