package io.tailguard.redis;

import io.tailguard.rate.TokenBucketConfig;
import java.math.BigInteger;

/**
 * Thread-safe (immutable): a bucket configuration reduced to the integers {@code gcra.lua} works
 * with, and the limits that keep them exact. Lua numbers are doubles, exact for integers below
 * 2^53, so the script never holds a time in nanoseconds since an epoch: time travels as a step
 * index q and the nanoseconds r into that step (a step is {@code P} ns and produces {@code T}
 * tokens, P/T being the refill interval in lowest terms), and the theoretical arrival time is kept
 * as whole tokens and ticks into the next, relative to a recent step. Checked here, with the reason
 * each bound exists:
 * <ul>
 *   <li>{@code P × T <= 2^53}: the script computes {@code r × T} with {@code r < P};</li>
 *   <li>at most 10^6 tokens a second ({@code 1000 × T <= P}): with Redis {@code TIME} in
 *       microseconds, the step index stays below 2^53 for centuries;</li>
 *   <li>{@code (1000 / g) × (P / g) <= 2^53} for {@code g = gcd(1000, P)}: the conversion from
 *       microseconds to steps multiplies by {@code 1000 / g}. A step that is a whole number of
 *       microseconds ({@code g = 1000}) is bounded only by {@code P × T <= 2^53} (104 days at one
 *       token a step, so one a day is allowed); any other step, by about 2.5 hours;</li>
 *   <li>a capacity of at most 2^50, and a bucket that starts full (a key that has expired because
 *       its bucket refilled must read the same as one never written);</li>
 *   <li>refilling from empty ({@code capacity × P / T}) takes at most 2^52 ns (52 days): the wait
 *       until a token is due and the key's lifetime are counted in nanoseconds.</li>
 * </ul>
 */
final class GcraArgs {

    private static final long EXACT = 1L << 53;
    /**
     * Key expiry is Redis's real time while a caller's clock may run slower (a test stepping through
     * a sequence), so caller-clock keys live at least this long; a key kept past the moment its
     * bucket is full reads the same as a missing one, so only early expiry would be wrong.
     */
    private static final String CALLER_MIN_TTL_MILLIS = Long.toString(600_000L);

    final long capacity;
    final long tokensPerStep;
    final long nanosPerStep;
    private final String[] fixed;

    GcraArgs(TokenBucketConfig config) {
        long periodNanos = config.refillPeriod().toNanos();
        long gcd = BigInteger.valueOf(periodNanos).gcd(BigInteger.valueOf(config.refillTokens())).longValueExact();
        this.nanosPerStep = periodNanos / gcd;
        this.tokensPerStep = config.refillTokens() / gcd;
        this.capacity = config.capacity();
        if (config.initialTokens() != capacity) {
            throw new IllegalArgumentException("initialTokens must be capacity (" + capacity
                    + ": a shared bucket starts full) but was " + config.initialTokens());
        }
        if (capacity > (1L << 50)) {
            throw new IllegalArgumentException("capacity must be <= 2^50 for a Redis bucket but was " + capacity);
        }
        if (tokensPerStep > nanosPerStep / 1000) {
            throw new IllegalArgumentException("refill rate must be <= 1000000 tokens a second for a Redis bucket but was "
                    + config.refillTokens() + " per " + config.refillPeriod());
        }
        long g = BigInteger.valueOf(1000).gcd(BigInteger.valueOf(nanosPerStep)).longValueExact();
        if (nanosPerStep > EXACT / tokensPerStep || nanosPerStep / g > EXACT / (1000 / g)) {
            throw new IllegalArgumentException("refillPeriod / gcd(refillPeriod ns, refillTokens) must be <= 2^53 ns / "
                    + tokensPerStep + " tokens, and <= 2^53 / 1000 ns unless a whole number of microseconds, for a "
                    + "Redis bucket (exact in Lua) but was " + nanosPerStep + " ns (" + config.refillTokens() + " per "
                    + config.refillPeriod() + ")");
        }
        if (BigInteger.valueOf(capacity).multiply(BigInteger.valueOf(nanosPerStep))
                .compareTo(BigInteger.valueOf(tokensPerStep).shiftLeft(52)) > 0) {
            throw new IllegalArgumentException("capacity × refillPeriod / refillTokens must be <= 2^52 ns (52 days to "
                    + "refill from empty) for a Redis bucket but was " + capacity + " × " + config.refillPeriod()
                    + " / " + config.refillTokens());
        }
        this.fixed = new String[] {
            Long.toString(capacity), Long.toString(tokensPerStep), Long.toString(nanosPerStep),
            Long.toString(1000 / g), Long.toString(nanosPerStep / g)
        };
    }

    /** Arguments for {@code permits} tokens on Redis time. */
    String[] redisTime(long permits) {
        String[] args = new String[8];
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        args[5] = Long.toString(permits);
        args[6] = "1";
        args[7] = "r";
        return args;
    }

    /**
     * Arguments for {@code permits} tokens at the caller's {@code nowNanos}.
     *
     * @throws IllegalArgumentException if {@code nowNanos / P} is 2^53 or more in magnitude
     */
    String[] callerTime(long nowNanos, long permits) {
        long step = Math.floorDiv(nowNanos, nanosPerStep);
        if (step >= EXACT || step <= -EXACT) {
            throw new IllegalArgumentException("nowNanos must be within 2^53 steps of " + nanosPerStep
                    + " ns of zero on the caller's clock but was " + nowNanos);
        }
        String[] args = new String[10];
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        args[5] = Long.toString(permits);
        args[6] = CALLER_MIN_TTL_MILLIS;
        args[7] = "c";
        args[8] = Long.toString(step);
        args[9] = Long.toString(Math.floorMod(nowNanos, nanosPerStep));
        return args;
    }
}
