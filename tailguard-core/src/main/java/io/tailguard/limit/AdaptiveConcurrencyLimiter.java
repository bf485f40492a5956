package io.tailguard.limit;

import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.time.NanoClock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe {@link ConcurrencyLimiter} whose limit comes from an estimator fed one sample per
 * completed permit (and the enforcer of fixed limits too large for a slot gate).
 *
 * <p>The in-flight counter is taken with one fetch-and-add and given back when the count was
 * already at the limit (see {@code reserve}), so the limit is never exceeded and contending
 * callers never retry. Permits are reused from a lock-free table of twice the estimator's
 * {@link Limit#maxLimit()} slots (at most 65,536), each claimed and freed by a CAS on its own
 * state, so acquire and release allocate nothing once each slot has been used once, and a
 * preempted thread holds up no other. Estimator updates are serialized by a small lock taken only
 * on completion, and only for a sample the estimator does not take without it
 * ({@link Limit#updateIfQuiet}); the limit is published through a volatile. A loss-only {@link AimdLimit}, whose
 * limit is its whole state, is fed without the lock and publishes its limit itself by
 * compare-and-set.
 */
final class AdaptiveConcurrencyLimiter implements ConcurrencyLimiter {

    static final int SUCCESS = 0;
    static final int DROPPED = 1;
    static final int IGNORED = 2;

    private static final Rejection CONCURRENCY_LIMITED = Rejection.of(RejectReason.CONCURRENCY_LIMITED);
    private static final int MAX_TABLE_SLOTS = 1 << 16;

    private final Limit estimator;
    private final boolean adapts;
    private final Object estimatorLock = new Object();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final PermitSlots permits;
    /** The enforced limit: the estimator's own cell when it updates without a lock, else this limiter's. */
    private final AtomicInteger limit;
    /** True when completions feed the estimator without {@link #estimatorLock} ({@link AimdLimit#lockFreeLimit()}). */
    private final boolean lockFree;

    AdaptiveConcurrencyLimiter(Limit estimator) {
        this.estimator = estimator;
        this.adapts = estimator.adapts();
        AtomicInteger shared = estimator instanceof AimdLimit aimd ? aimd.lockFreeLimit() : null;
        this.lockFree = shared != null;
        this.limit = lockFree ? shared : new AtomicInteger(estimator.limit());
        // Twice the most permits ever out, so that at least half the slots are free.
        this.permits = new PermitSlots(this, (int) Math.min(MAX_TABLE_SLOTS, 2L * Math.max(1, estimator.maxLimit())));
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        int before = reserve();
        return before < 0 ? CONCURRENCY_LIMITED : admit(nowNanos, before);
    }

    /**
     * Reads {@code clock} only once a place is reserved: a rejection costs no clock read. If the
     * clock throws, the place is given back and the exception propagates.
     */
    @Override
    public Decision tryAcquire(NanoClock clock) {
        int before = reserve();
        if (before < 0) {
            return CONCURRENCY_LIMITED;
        }
        long nowNanos;
        try {
            nowNanos = clock.nanoTime();
        } catch (RuntimeException | Error e) {
            inFlight.decrementAndGet();
            throw e;
        }
        return admit(nowNanos, before);
    }

    /**
     * Takes one place in flight; returns the count before it, or -1 at the limit. A full limiter is
     * seen by a read and refused without a write. Otherwise one fetch-and-add takes the place, so
     * contending callers never retry: one that finds the count already at the limit gives its
     * place back and is refused. The count then briefly includes a place that is being given back,
     * which can refuse another caller (conservative), never admit one over the limit: a caller is
     * admitted only when the places taken before its own, admitted or not, are fewer than the limit.
     */
    private int reserve() {
        int limitNow = limit.get();
        if (inFlight.get() >= limitNow) {
            return -1;
        }
        int before = inFlight.getAndIncrement();
        if (before >= limitNow) {
            inFlight.decrementAndGet();
            return -1;
        }
        return before;
    }

    private PooledPermit admit(long nowNanos, int before) {
        // Start the search from a slot of this thread's own: a thread that completes each request
        // before the next finds its last permit free and still in its cache.
        PooledPermit permit = permits.claim(Thread.currentThread().getId() << 20, before);
        permit.start(nowNanos, before + 1);
        return permit;
    }

    @Override
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public int limit() {
        return limit.get();
    }

    @Override
    public boolean adapts() {
        return adapts;
    }

    /** Called once per permit, after the permit was freed, so busy permits never outnumber in-flight. */
    void release(long nowNanos, long startNanos, int inFlightAtStart, int outcome) {
        inFlight.decrementAndGet();
        if (adapts && outcome != IGNORED) {
            if (lockFree) {
                // the estimator moves the shared cell itself, by compare-and-set; a sample that
                // changes nothing writes nothing, so two threads completing share no written line
                estimator.update(nowNanos, nowNanos - startNanos, inFlightAtStart, outcome == DROPPED);
                return;
            }
            if (estimator.updateIfQuiet(nowNanos, nowNanos - startNanos, inFlightAtStart, outcome == DROPPED)) {
                return; // a sample that moves no limit, taken without the lock
            }
            synchronized (estimatorLock) {
                int updated = Math.max(1, estimator.update(nowNanos, nowNanos - startNanos, inFlightAtStart,
                        outcome == DROPPED));
                // most samples leave the limit where it was: skip the volatile store (a full fence)
                if (updated != limit.get()) {
                    limit.set(updated);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "ConcurrencyLimiter[" + estimator + ", inFlight=" + inFlight() + "]";
    }
}
