package io.tailguard.rate;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;

/**
 * Thread-safe, lock-free token bucket: holds at most {@code capacity} tokens, gains one every
 * emission interval {@code T = refillPeriod / refillTokens}, counted from the moment it was last
 * full, and admits a request when it can take a token. Rejects with {@link RejectReason#RATE_LIMITED};
 * admits with the shared {@link Permit#noop()}, so deciding allocates nothing.
 *
 * <p><b>Semantics: GCRA in its virtual-scheduling form.</b> The state is the theoretical arrival
 * time {@code TAT}. A request for {@code p} tokens at {@code t} is admitted iff
 * {@code TAT − t <= (capacity − p) × T}, and then {@code TAT = max(TAT, t) + p × T}. A full bucket
 * ({@code TAT <= t}) starts its next token at {@code t}: with {@code 1/min, burst 1}, a token taken
 * at any instant is followed by the next one exactly 60 s later, whatever the phase of the clock.
 *
 * <p><b>Exact arithmetic on a tick of {@code T / floor(T)}.</b> Time is counted in ticks of
 * {@code u = T / j} ns, {@code j = floor(T / 1 ns)}, so that {@code T} is exactly {@code j} ticks and
 * an instant counts at the start of the tick it falls in. When {@code T} is a whole number of
 * nanoseconds (one per second, minute, hour or day, 100 per second, 10^6 per second: every rate
 * whose count divides its period in nanoseconds) the tick is one nanosecond and this is GCRA on the
 * nanosecond clock; otherwise {@code 1 < u < 2} ns ({@code u < 1.001} ns up to 10^6 tokens a
 * second), and a restart at a full bucket may come up to one tick early. The tick count of an
 * elapsed time {@code e} is {@code e − ceil(e × (nps mod tps) / nps)} for the interval
 * {@code nps / tps} in lowest terms: one multiplication by a fixed-point reciprocal, corrected by
 * integer comparisons, or nothing at all when {@code T} is whole. So a billion decisions at the exact
 * rate do not drift by a single tick, and every tick holds a whole nanosecond, so a caller that
 * comes back at the retry time this bucket gave it is admitted there and restarts the bucket on
 * that very tick. The whole state is one {@code long} ({@code TAT} in ticks since creation), alone
 * on its cache line and updated with one CAS per admit; a rejection writes nothing.
 *
 * <p><b>Contention.</b> A thread whose CAS loses to another backs off for a few spin-wait hints
 * (doubling on each further loss, never parking) before it retries, so the winner can go on
 * updating the line in its own cache instead of both threads pulling it back and forth.
 *
 * <p><b>Limits.</b> {@code nowNanos} may be any {@code long} (negative {@link System#nanoTime()}
 * values included) as long as it stays within 2^62 ns (146 years) of the creation time. Callers that
 * pass a slightly stale {@code nowNanos} under contention are judged conservatively (they may be
 * rejected, never over-admitted).
 */
public final class TokenBucket implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final TokenBucketConfig config;
    private final long capacity;
    private final long startNanos;
    private final Ticks ticks;
    /** The emission interval in ticks, {@code floor(T / 1 ns)}. */
    private final long intervalTicks;
    /** {@code (capacity − 1) × intervalTicks}: how far {@code TAT} may lead now for one token. */
    private final long oneTokenToleranceTicks;
    /** The theoretical arrival time, in ticks since creation. */
    private final PaddedLong tat;

    /**
     * Creates a bucket holding {@code config.initialTokens()} at {@code startNanos}.
     *
     * @param startNanos the creation time on the caller's clock; ticks count from here
     */
    public TokenBucket(TokenBucketConfig config, long startNanos) {
        this.config = config;
        this.capacity = config.capacity();
        this.startNanos = startNanos;
        this.ticks = Ticks.of(config);
        this.intervalTicks = ticks.intervalTicks();
        this.oneTokenToleranceTicks = (capacity - 1) * intervalTicks;
        this.tat = new PaddedLong((capacity - config.initialTokens()) * intervalTicks);
    }

    /** Takes one token if there is one; see {@link #tryAcquire(long, long)}. */
    @Override
    public Decision tryAcquire(long nowNanos) {
        return take(ticks.of(nowNanos - startNanos), oneTokenToleranceTicks, intervalTicks) ? Permit.noop() : RATE_LIMITED;
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
        return take(ticks.of(nowNanos - startNanos), (capacity - permits) * intervalTicks, permits * intervalTicks);
    }

    private boolean take(long nowTicks, long toleranceTicks, long costTicks) {
        long current = tat.get();
        int spins = PaddedLong.FIRST_BACKOFF_SPINS;
        while (true) {
            if (current - nowTicks > toleranceTicks) {
                return false;
            }
            long witness = tat.compareAndExchange(current, Math.max(current, nowTicks) + costTicks);
            if (witness == current) {
                return true;
            }
            current = witness;
            spins = PaddedLong.backOff(spins);
        }
    }

    /** Returns the tokens the bucket holds at {@code nowNanos}, between 0 and {@code capacity}. */
    public long availableTokens(long nowNanos) {
        long aheadTicks = tat.get() - ticks.of(nowNanos - startNanos);
        if (aheadTicks <= 0) {
            return capacity;
        }
        return Math.max(0L, capacity - ceilDiv(aheadTicks, intervalTicks));
    }

    /**
     * Returns how long from {@code nowNanos} until {@code permits} tokens are available, if nobody
     * else takes any: 0 if they are available now, {@link Long#MAX_VALUE} if {@code permits} exceeds
     * the capacity. Exact to the nanosecond: a request for them is refused one nanosecond earlier and
     * admitted then; suited to a {@code Retry-After} header or to scheduling the next attempt.
     */
    public long nanosUntilAvailable(long nowNanos, long permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1 but was " + permits);
        }
        if (permits > capacity) {
            return Long.MAX_VALUE;
        }
        long elapsedNanos = nowNanos - startNanos;
        long dueTicks = tat.get() - (capacity - permits) * intervalTicks;
        if (ticks.of(elapsedNanos) >= dueTicks) {
            return 0L;
        }
        return ticks.firstNanosOf(dueTicks) - elapsedNanos;
    }

    /** Returns this bucket's configuration. */
    public TokenBucketConfig config() {
        return config;
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
