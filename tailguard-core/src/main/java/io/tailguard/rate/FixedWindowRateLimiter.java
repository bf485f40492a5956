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
 * <p>The state is one word, the current cycle (as an offset within an epoch of 2^32 cycles) and the
 * permits taken in it. A single permit is taken with one fetch-and-add, which never retries: the
 * count only grows within a cycle, so an add that finds the cycle already full leaves it full and
 * changes no other answer. A take of several permits reads first and compares-and-sets, so it never
 * leaves a phantom in a cycle that still has room. A new cycle replaces the word with one
 * compare-and-set; a new epoch, a new object, comes once every 2^32 cycles, so nothing is allocated
 * per call or per cycle. A rejection writes nothing. The cycle number is a multiplication by a
 * fixed-point reciprocal, corrected to be exact. {@code nowNanos} may be any {@code long} within
 * 2^63 ns (292 years) of the creation time.
 *
 * <p>A caller with a stale {@code nowNanos} from a cycle older than the current one is rejected. One
 * whose single-permit add races the start of a newer cycle is judged in that newer cycle, as if it
 * came last: an add cannot be taken back without refusing others, so its permit is counted there.
 */
public final class FixedWindowRateLimiter implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final FixedWindowConfig config;
    private final long limitForPeriod;
    private final long periodNanos;
    private final long startNanos;
    private final FloorRatio cyclesPerNano;
    @SuppressWarnings("unused") // accessed through EPOCH
    private volatile WindowEpoch epoch = new WindowEpoch(0L, 0L, 0L);

    private static final VarHandle EPOCH;

    static {
        try {
            EPOCH = MethodHandles.lookup().findVarHandle(FixedWindowRateLimiter.class, "epoch", WindowEpoch.class);
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
        WindowEpoch epoch = this.epoch;
        while (true) {
            if (index < epoch.base) { // compared, not subtracted: a difference could overflow
                return false;
            }
            long offset = index - epoch.base;
            if (offset >= WindowEpoch.CYCLES) {
                if (permits > limitForPeriod) {
                    return false;
                }
                WindowEpoch fresh = new WindowEpoch(index, 0L, permits);
                WindowEpoch witness = (WindowEpoch) EPOCH.compareAndExchange(this, epoch, fresh);
                if (witness == epoch) {
                    return true;
                }
                epoch = witness;
                continue;
            }
            return permits == 1 ? takeOne(epoch, offset) : take(epoch, offset, permits);
        }
    }

    /** One permit of the cycle at {@code offset}: one add, or only a read when the cycle is full. */
    private boolean takeOne(WindowEpoch epoch, long offset) {
        long seen = epoch.get();
        while (true) {
            long current = seen >>> 32;
            if (current > offset) {
                return false;
            }
            if (current == offset) {
                if ((seen & WindowEpoch.COUNT_MASK) >= limitForPeriod) {
                    return false;
                }
                // The add lands in this cycle or, if one began meanwhile, a newer one: judged there.
                return (epoch.getAndAddOne() & WindowEpoch.COUNT_MASK) < limitForPeriod;
            }
            long witness = epoch.compareAndExchange(seen, WindowEpoch.word(offset, 1L));
            if (witness == seen) {
                return true;
            }
            seen = witness;
        }
    }

    /** {@code permits} permits of the cycle at {@code offset} if that many remain; else nothing. */
    private boolean take(WindowEpoch epoch, long offset, int permits) {
        long seen = epoch.get();
        int spins = PaddedLong.FIRST_BACKOFF_SPINS;
        while (true) {
            long current = seen >>> 32;
            long taken = current == offset ? seen & WindowEpoch.COUNT_MASK : 0L;
            if (current > offset || taken > limitForPeriod - permits) {
                return false;
            }
            long witness = epoch.compareAndExchange(seen, WindowEpoch.word(offset, taken + permits));
            if (witness == seen) {
                return true;
            }
            seen = witness;
            spins = PaddedLong.backOff(spins);
        }
    }

    /** Returns the permits left in the cycle containing {@code nowNanos}. */
    public int availablePermissions(long nowNanos) {
        long index = cyclesPerNano.floorOf(nowNanos - startNanos);
        WindowEpoch epoch = this.epoch;
        if (index < epoch.base) {
            return 0;
        }
        long offset = index - epoch.base;
        long seen = epoch.get();
        if (offset >= WindowEpoch.CYCLES || seen >>> 32 < offset) {
            return (int) limitForPeriod;
        }
        return seen >>> 32 > offset ? 0 : (int) Math.max(0L, limitForPeriod - (seen & WindowEpoch.COUNT_MASK));
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
