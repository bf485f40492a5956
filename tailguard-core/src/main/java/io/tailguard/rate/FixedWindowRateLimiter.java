package io.tailguard.rate;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe, lock-free fixed-window rate limiter with the semantics of Resilience4j's
 * {@code AtomicRateLimiter} at timeout zero: time since creation is cut into cycles of
 * {@code refreshPeriod}; each cycle grants {@code limitForPeriod} permits; unused permits do not
 * carry over; nobody waits. Rejects with {@link RejectReason#RATE_LIMITED}; admits with the shared
 * {@link Permit#noop()}.
 *
 * <p>The state is the current cycle: an immutable index and a count of permits taken, created once
 * per cycle in which anything is admitted (32 bytes, nothing per call). A single permit is taken with
 * one fetch-and-add on the count, which never has to retry: the count only grows within a cycle, so
 * an add that finds the cycle already full leaves it full and changes no other answer. A take of
 * several permits reads first and compares-and-sets, so it can never leave a phantom in a cycle that
 * still has room. A new cycle replaces the old one with one compare-and-set on the reference; an add
 * that lands on a cycle just replaced is judged in that cycle, the caller's own. A rejection writes
 * nothing. The cycle number is a multiplication by a fixed-point reciprocal, corrected to be exact.
 * {@code nowNanos} may be any {@code long} within 2^63 ns (292 years) of the creation time. A caller
 * with a stale {@code nowNanos} from a cycle older than the current one is rejected.
 */
public final class FixedWindowRateLimiter implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final FixedWindowConfig config;
    private final long limitForPeriod;
    private final long periodNanos;
    private final long startNanos;
    private final FloorRatio cyclesPerNano;
    @SuppressWarnings("unused") // accessed through CURRENT
    private volatile Cycle current = new Cycle(0L, 0L);

    private static final VarHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(FixedWindowRateLimiter.class, "current", Cycle.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
        long index = cyclesPerNano.floorOf(nowNanos - startNanos);
        Cycle cycle = current;
        while (true) {
            if (cycle.index == index) {
                return permits == 1 ? cycle.takeOne(limitForPeriod) : cycle.take(permits, limitForPeriod);
            }
            if (cycle.index > index || permits > limitForPeriod) {
                return false;
            }
            Cycle fresh = new Cycle(index, permits);
            Cycle witness = (Cycle) CURRENT.compareAndExchange(this, cycle, fresh);
            if (witness == cycle) {
                return true;
            }
            cycle = witness;
        }
    }

    /** Returns the permits left in the cycle containing {@code nowNanos}. */
    public int availablePermissions(long nowNanos) {
        long index = cyclesPerNano.floorOf(nowNanos - startNanos);
        Cycle cycle = current;
        if (cycle.index < index) {
            return (int) limitForPeriod;
        }
        return cycle.index > index ? 0 : (int) Math.max(0L, limitForPeriod - cycle.taken());
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

    /**
     * Thread-safe count of the permits taken in one cycle. It may run past the limit by the number
     * of single-permit callers that raced for the last permit, never below it.
     */
    private static final class Cycle {

        private static final VarHandle TAKEN;

        static {
            try {
                TAKEN = MethodHandles.lookup().findVarHandle(Cycle.class, "taken", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long index;
        @SuppressWarnings("unused") // accessed through TAKEN
        private volatile long taken;

        Cycle(long index, long taken) {
            this.index = index;
            this.taken = taken;
        }

        long taken() {
            return (long) TAKEN.getVolatile(this);
        }

        /** Takes one permit with one add; a full cycle is only read. */
        boolean takeOne(long limit) {
            return taken() < limit && (long) TAKEN.getAndAdd(this, 1L) < limit;
        }

        /** Takes {@code permits} if that many remain, else nothing: a compare-and-set, never an add. */
        boolean take(int permits, long limit) {
            long seen = taken();
            int spins = PaddedLong.FIRST_BACKOFF_SPINS;
            while (seen <= limit - permits) {
                long witness = (long) TAKEN.compareAndExchange(this, seen, seen + permits);
                if (witness == seen) {
                    return true;
                }
                seen = witness;
                spins = PaddedLong.backOff(spins);
            }
            return false;
        }
    }

    @Override
    public String toString() {
        return "FixedWindowRateLimiter[" + limitForPeriod + " per " + config.refreshPeriod() + "]";
    }
}
