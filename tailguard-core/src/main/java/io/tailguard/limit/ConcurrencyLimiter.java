package io.tailguard.limit;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.time.NanoClock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe enforcer of a concurrency limit: admits a request while fewer than {@link #limit()}
 * are in flight, rejects with {@link RejectReason#CONCURRENCY_LIMITED} otherwise. The limit comes
 * from a pluggable {@link Limit} estimator (fixed, AIMD, Vegas, Gradient2), fed one sample
 * {@code (now, rtt, inFlight, dropped)} per permit completed with success or dropped.
 *
 * <p>A {@link FixedLimit} of at most 4,096 is enforced by a {@link SlotGate}: one permit per unit
 * of the limit, taken by one CAS on a bit and freed by one atomic OR, with no counter that every
 * request updates, so threads rarely share a cache line; such a limiter never reads the clock.
 *
 * <p>Any other limit is enforced by an in-flight counter: the check and the increment are one
 * CAS, so the limit is never exceeded. Permits are reused from a lock-free table of twice the
 * estimator's {@link Limit#maxLimit()} slots (at most 65,536), each claimed and freed by a CAS on
 * its own state, so acquire and release allocate nothing once each slot has been used once, and a
 * preempted thread holds up no other. Estimator updates are serialized by a small lock taken only
 * on completion; the limit is published through a volatile.
 *
 * <p>Either way, follow the {@link io.tailguard.admission.Permit} rule: never touch a permit after
 * completing it, since a later request may be holding the same object.
 */
public final class ConcurrencyLimiter implements AdmissionPolicy {

    static final int SUCCESS = 0;
    static final int DROPPED = 1;
    static final int IGNORED = 2;

    private static final Rejection CONCURRENCY_LIMITED = Rejection.of(RejectReason.CONCURRENCY_LIMITED);
    private static final int MAX_TABLE_SLOTS = 1 << 16;

    private final Limit estimator;
    private final boolean adaptive;
    private final Object estimatorLock = new Object();
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Non-null for a fixed limit of at most {@link SlotGate#MAX_SLOTS}; then the fields below are unused. */
    private final SlotGate gate;
    private final PermitSlots permits;
    private volatile int limit;

    /** Creates a limiter enforcing the limit {@code estimator} computes; it takes ownership of it. */
    public ConcurrencyLimiter(Limit estimator) {
        if (estimator == null) {
            throw new IllegalArgumentException("estimator must be non-null but was null");
        }
        this.estimator = estimator;
        this.adaptive = !(estimator instanceof FixedLimit);
        this.limit = estimator.limit();
        if (!adaptive && limit <= SlotGate.MAX_SLOTS) {
            this.gate = new SlotGate(limit);
            this.permits = null;
        } else {
            this.gate = null;
            // Twice the most permits ever out, so that at least half the slots are free.
            this.permits = new PermitSlots(this, (int) Math.min(MAX_TABLE_SLOTS, 2L * Math.max(1, estimator.maxLimit())));
        }
    }

    /** Returns a limiter with a {@link FixedLimit} of {@code limit}: a plain load shedder. */
    public static ConcurrencyLimiter fixed(int limit) {
        return new ConcurrencyLimiter(FixedLimit.of(limit));
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        if (gate != null) {
            return fromGate();
        }
        int before = reserve();
        return before < 0 ? CONCURRENCY_LIMITED : admit(nowNanos, before);
    }

    /**
     * Reads {@code clock} only once a place is reserved, and never for a fixed limit: a rejection
     * costs no clock read. If the clock throws, the place is given back and the exception propagates.
     */
    @Override
    public Decision tryAcquire(NanoClock clock) {
        if (gate != null) {
            return fromGate();
        }
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

    private Decision fromGate() {
        SlotPermit permit = gate.tryAcquire();
        return permit == null ? CONCURRENCY_LIMITED : permit;
    }

    /** Takes one place in flight; returns the count before it, or -1 at the limit. */
    private int reserve() {
        while (true) {
            int current = inFlight.get();
            if (current >= limit) {
                return -1;
            }
            if (inFlight.compareAndSet(current, current + 1)) {
                return current;
            }
        }
    }

    private PooledPermit admit(long nowNanos, int before) {
        // Start the search from a slot of this thread's own: a thread that completes each request
        // before the next finds its last permit free and still in its cache.
        PooledPermit permit = permits.claim(Thread.currentThread().getId() << 20, before);
        permit.start(nowNanos, before + 1);
        return permit;
    }

    /** Returns the number of requests admitted and not yet completed. */
    public int inFlight() {
        return gate != null ? gate.inFlight() : inFlight.get();
    }

    /** Returns the limit currently enforced. */
    public int limit() {
        return limit;
    }

    /** Called once per permit, after the permit was freed, so busy permits never outnumber in-flight. */
    void release(long nowNanos, long startNanos, int inFlightAtStart, int outcome) {
        inFlight.decrementAndGet();
        if (adaptive && outcome != IGNORED) {
            synchronized (estimatorLock) {
                int updated = estimator.update(nowNanos, nowNanos - startNanos, inFlightAtStart, outcome == DROPPED);
                limit = Math.max(1, updated);
            }
        }
    }

    @Override
    public String toString() {
        return "ConcurrencyLimiter[" + estimator + ", inFlight=" + inFlight() + "]";
    }
}
