package io.tailguard.rate;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;

/**
 * Thread-safe, lock-free fixed-window rate limiter with the semantics of Resilience4j's
 * {@code AtomicRateLimiter} at timeout zero: time since creation is cut into cycles of
 * {@code refreshPeriod}; each cycle grants {@code limitForPeriod} permits; unused permits do not
 * carry over; nobody waits. Rejects with {@link RejectReason#RATE_LIMITED}; admits with the shared
 * {@link Permit#noop()}. The cycles stay aligned to the creation time whatever the traffic: that is
 * a fixed window's definition, where {@link TokenBucket} restarts its refill at a full bucket.
 *
 * <p>The state is one {@code long}, the index of the next permit, where cycle {@code c} owns indices
 * {@code [c × limit, (c + 1) × limit)}; one CAS per admit, none per rejection, no division (the
 * cycle number is a multiplication by a fixed-point reciprocal, corrected to be exact). The {@code long} sits alone on its
 * cache line, and a thread whose CAS loses backs off briefly before retrying, as in
 * {@link TokenBucket}. {@code nowNanos} may be any
 * {@code long} within 2^63 ns (292 years) of the creation time, and the count is exact while
 * {@code cycles × limitForPeriod} fits in a {@code long} (at least 73 years, see
 * {@link FixedWindowConfig}). A caller with a stale {@code nowNanos} from an earlier cycle is
 * rejected.
 */
public final class FixedWindowRateLimiter implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final FixedWindowConfig config;
    private final long limitForPeriod;
    private final long periodNanos;
    private final long startNanos;
    private final FloorRatio cyclesPerNano;
    private final PaddedLong nextPermit = new PaddedLong(0L);

    /**
     * Creates a limiter whose first cycle starts at {@code startNanos} with all its permits.
     *
     * @param startNanos the creation time on the caller's clock; cycles are aligned to it
     */
    public FixedWindowRateLimiter(FixedWindowConfig config, long startNanos) {
        this.config = config;
        this.limitForPeriod = config.limitForPeriod();
        this.periodNanos = config.refreshPeriod().toNanos();
        this.startNanos = startNanos;
        this.cyclesPerNano = new FloorRatio(1L, periodNanos);
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        return tryAcquire(nowNanos, 1) ? Permit.noop() : RATE_LIMITED;
    }

    /**
     * Takes {@code permits} permits of the current cycle if that many remain; otherwise takes nothing.
     *
     * @return true if the permits were taken
     */
    public boolean tryAcquire(long nowNanos, int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1 but was " + permits);
        }
        long cycle = cyclesPerNano.floorOf(nowNanos - startNanos);
        long cycleFirst = cycle * limitForPeriod;
        long cycleEnd = cycleFirst + limitForPeriod;
        long next = nextPermit.get();
        int spins = PaddedLong.FIRST_BACKOFF_SPINS;
        while (true) {
            long first = Math.max(next, cycleFirst);
            if (first > cycleEnd - permits) {
                return false;
            }
            long witness = nextPermit.compareAndExchange(next, first + permits);
            if (witness == next) {
                return true;
            }
            next = witness;
            spins = PaddedLong.backOff(spins);
        }
    }

    /** Returns the permits left in the cycle containing {@code nowNanos}. */
    public int availablePermissions(long nowNanos) {
        long cycle = cyclesPerNano.floorOf(nowNanos - startNanos);
        long cycleFirst = cycle * limitForPeriod;
        long left = cycleFirst + limitForPeriod - Math.max(nextPermit.get(), cycleFirst);
        return (int) Math.max(0L, left);
    }

    /** Returns the start of the cycle after the one containing {@code nowNanos}. */
    public long nextCycleStartNanos(long nowNanos) {
        long cycle = cyclesPerNano.floorOf(nowNanos - startNanos);
        return startNanos + (cycle + 1) * periodNanos;
    }

    /** Returns this limiter's configuration. */
    public FixedWindowConfig config() {
        return config;
    }

    @Override
    public String toString() {
        return "FixedWindowRateLimiter[" + limitForPeriod + " per " + config.refreshPeriod() + "]";
    }
}
