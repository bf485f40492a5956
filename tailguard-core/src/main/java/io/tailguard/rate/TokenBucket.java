package io.tailguard.rate;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;

/**
 * Thread-safe, lock-free token bucket: holds at most {@code capacity} tokens, gains
 * {@code refillTokens} every {@code refillPeriod}, and admits a request when it can take a token.
 * Rejects with {@link RejectReason#RATE_LIMITED}; admits with the shared {@link Permit#noop()}, so
 * deciding allocates nothing.
 *
 * <p><b>Exact arithmetic.</b> Token {@code i} (counting from creation) appears at the rational
 * instant {@code start + i × refillPeriod / refillTokens}. A decision counts the tokens produced so
 * far, {@code floor(elapsed × refillTokens / refillPeriod)}, exactly: one multiplication by a
 * fixed-point reciprocal, corrected by one integer comparison, with no division unless the rate
 * exceeds one token per nanosecond. So a billion decisions at the exact rate do not drift
 * by a single token. The whole state is one {@code long} (the index of the next token to hand out,
 * in the virtual-scheduling form of GCRA), alone on its cache line and updated with one CAS; a
 * rejection writes nothing.
 *
 * <p><b>Contention.</b> A thread whose CAS loses to another backs off for a few spin-wait hints
 * (doubling on each further loss, never parking) before it retries, so the winner can go on
 * updating the line in its own cache instead of both threads pulling it back and forth.
 *
 * <p><b>Limits.</b> {@code nowNanos} may be any {@code long} (negative {@link System#nanoTime()}
 * values included) as long as it stays within 2^63 ns (292 years) of the creation time. Callers that
 * pass a slightly stale {@code nowNanos} under contention are judged conservatively (they may be
 * rejected, never over-admitted).
 */
public final class TokenBucket implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final TokenBucketConfig config;
    private final long capacity;
    private final long startNanos;
    /** Refill period divided by gcd(period, tokens): {@code tokens(e) = floor(e × tokensPerStep / nanosPerStep)}. */
    private final long nanosPerStep;
    private final long tokensPerStep;
    private final FloorRatio tokensPerNano;
    /** Index of the next token to take; a token with index i exists once {@code tokens(e) > i}. */
    private final PaddedLong nextToken;

    /**
     * Creates a bucket holding {@code config.initialTokens()} at {@code startNanos}.
     *
     * @param startNanos the creation time on the caller's clock; refills count from here
     */
    public TokenBucket(TokenBucketConfig config, long startNanos) {
        this.config = config;
        this.capacity = config.capacity();
        this.startNanos = startNanos;
        long periodNanos = config.refillPeriod().toNanos();
        long gcd = TokenBucketConfig.gcd(periodNanos, config.refillTokens());
        this.nanosPerStep = periodNanos / gcd;
        this.tokensPerStep = config.refillTokens() / gcd;
        this.tokensPerNano = new FloorRatio(tokensPerStep, nanosPerStep);
        this.nextToken = new PaddedLong(capacity - config.initialTokens());
    }

    /** Takes one token if there is one; see {@link #tryAcquire(long, long)}. */
    @Override
    public Decision tryAcquire(long nowNanos) {
        return tryAcquire(nowNanos, 1L) ? Permit.noop() : RATE_LIMITED;
    }

    /**
     * Takes {@code permits} tokens at once if the bucket holds that many at {@code nowNanos};
     * otherwise takes nothing. A request for more than {@code capacity} tokens is always refused.
     *
     * @return true if the tokens were taken
     */
    public boolean tryAcquire(long nowNanos, long permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1 but was " + permits);
        }
        if (permits > capacity) {
            return false;
        }
        long producedSoFar = tokensProduced(nowNanos - startNanos);
        long next = nextToken.get();
        int spins = PaddedLong.FIRST_BACKOFF_SPINS;
        while (true) {
            // Token (next + permits - 1) must be within capacity of the tokens produced so far.
            if (producedSoFar < next + permits - capacity) {
                return false;
            }
            // A bucket holding more than it may (producedSoFar > next) restarts from now.
            long updated = Math.max(next, producedSoFar) + permits;
            long witness = nextToken.compareAndExchange(next, updated);
            if (witness == next) {
                return true;
            }
            next = witness;
            spins = PaddedLong.backOff(spins);
        }
    }

    /** Returns the tokens the bucket holds at {@code nowNanos}, between 0 and {@code capacity}. */
    public long availableTokens(long nowNanos) {
        long produced = tokensProduced(nowNanos - startNanos);
        long owed = nextToken.get() - produced;
        return Math.max(0L, capacity - Math.max(0L, owed));
    }

    /**
     * Returns how long from {@code nowNanos} until {@code permits} tokens are available, if nobody
     * else takes any: 0 if they are available now, {@link Long#MAX_VALUE} if {@code permits} exceeds
     * the capacity. Exact to the nanosecond; suited to a {@code Retry-After} header or to scheduling
     * the next attempt.
     */
    public long nanosUntilAvailable(long nowNanos, long permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1 but was " + permits);
        }
        if (permits > capacity) {
            return Long.MAX_VALUE;
        }
        long elapsedNanos = nowNanos - startNanos;
        long needed = nextToken.get() + permits - capacity; // tokens that must have been produced
        if (produced(Math.multiplyHigh(elapsedNanos, tokensPerStep), elapsedNanos * tokensPerStep, needed)) {
            return 0L;
        }
        // The first elapsed time e with e × tokensPerStep >= needed × nanosPerStep, without overflow.
        long dueNanos = Math.floorDiv(needed, tokensPerStep) * nanosPerStep
                + ceilDiv(Math.floorMod(needed, tokensPerStep) * nanosPerStep, tokensPerStep);
        return dueNanos - elapsedNanos;
    }

    /** Returns this bucket's configuration. */
    public TokenBucketConfig config() {
        return config;
    }

    /** True if at least {@code count} tokens have been produced, given {@code elapsed × tokensPerStep}. */
    private boolean produced(long producedHigh, long producedLow, long count) {
        // tokens(e) >= count  <=>  e × tokensPerStep >= count × nanosPerStep, compared in 128 bits.
        long neededHigh = Math.multiplyHigh(count, nanosPerStep);
        long neededLow = count * nanosPerStep;
        return producedHigh > neededHigh
                || (producedHigh == neededHigh && Long.compareUnsigned(producedLow, neededLow) >= 0);
    }

    /** Tokens produced {@code elapsedNanos} after creation: floor(elapsed × tokens / period), exactly. */
    private long tokensProduced(long elapsedNanos) {
        return tokensPerNano.floorOf(elapsedNanos);
    }

    private static long ceilDiv(long dividend, long divisor) {
        return -Math.floorDiv(-dividend, divisor);
    }

    @Override
    public String toString() {
        return "TokenBucket[capacity=" + capacity + ", refill=" + config.refillTokens() + "/"
                + config.refillPeriod() + "]";
    }
}
