package io.tailguard.limit;

import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.time.NanoClock;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 * preempted thread holds up no other.
 *
 * <p>The estimator is not thread-safe, so one thread at a time feeds it, and no thread ever waits
 * for another to do so (flat combining, decision 024): a completing thread that takes the
 * estimator with one CAS feeds its own sample, then any samples others left; one that finds the
 * estimator taken pushes its permit, sample inside, onto a lock-free list and returns, and the
 * holder feeds it before letting go. After letting go the holder looks at the list once more, so
 * no sample is stranded. Each sample reaches the estimator exactly once, unchanged; only the
 * thread (and, for samples that raced, the order) differs. A completed permit stays out of the
 * table until its sample is fed. The limit is published through a volatile.
 */
final class AdaptiveConcurrencyLimiter implements ConcurrencyLimiter {

    static final int SUCCESS = 0;
    static final int DROPPED = 1;
    static final int IGNORED = 2;

    private static final Rejection CONCURRENCY_LIMITED = Rejection.of(RejectReason.CONCURRENCY_LIMITED);
    private static final int MAX_TABLE_SLOTS = 1 << 16;

    private final Limit estimator;
    private final boolean adapts;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final PermitSlots permits;
    private volatile int limit;
    /** 1 while a thread feeds the estimator. */
    @SuppressWarnings("unused") // accessed through FEEDING
    private volatile int feeding;
    /** Completed permits whose samples wait for the estimator, most recent first. */
    @SuppressWarnings("unused") // accessed through PENDING
    private volatile PooledPermit pending;

    private static final VarHandle FEEDING;
    private static final VarHandle PENDING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            FEEDING = lookup.findVarHandle(AdaptiveConcurrencyLimiter.class, "feeding", int.class);
            PENDING = lookup.findVarHandle(AdaptiveConcurrencyLimiter.class, "pending", PooledPermit.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    AdaptiveConcurrencyLimiter(Limit estimator) {
        this.estimator = estimator;
        this.adapts = estimator.adapts();
        this.limit = estimator.limit();
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
        int limitNow = limit;
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
        return limit;
    }

    @Override
    public boolean adapts() {
        return adapts;
    }

    /** Called once per permit, by its first completion; frees the permit once its sample is fed. */
    void release(PooledPermit permit) {
        inFlight.decrementAndGet();
        if (!adapts || permit.outcome() == IGNORED) {
            permit.free();
            return;
        }
        PooledPermit own = permit;
        if (!FEEDING.compareAndSet(this, 0, 1)) {
            push(permit);
            // Whoever holds the estimator looks at the list after letting go; if it already has,
            // this thread takes over.
            if (!FEEDING.compareAndSet(this, 0, 1)) {
                return;
            }
            own = null;
        }
        feedAndLetGo(own);
    }

    private void push(PooledPermit permit) {
        PooledPermit head;
        do {
            head = pending;
            permit.nextPending = head;
        } while (!PENDING.compareAndSet(this, head, permit));
    }

    /**
     * Called holding the estimator: feeds {@code own} (if not null) and what others left, lets go,
     * and looks once more. An estimator that throws still lets go, so others are not locked out.
     */
    private void feedAndLetGo(PooledPermit own) {
        do {
            try {
                if (own != null) {
                    feed(own);
                    own = null;
                }
                if (pending != null) {
                    feedInArrivalOrder((PooledPermit) PENDING.getAndSet(this, null));
                }
            } finally {
                FEEDING.setVolatile(this, 0);
            }
        } while (pending != null && FEEDING.compareAndSet(this, 0, 1));
    }

    private void feedInArrivalOrder(PooledPermit newestFirst) {
        PooledPermit oldestFirst = null;
        while (newestFirst != null) {
            PooledPermit next = newestFirst.nextPending;
            newestFirst.nextPending = oldestFirst;
            oldestFirst = newestFirst;
            newestFirst = next;
        }
        while (oldestFirst != null) {
            PooledPermit next = oldestFirst.nextPending;
            feed(oldestFirst);
            oldestFirst = next;
        }
    }

    /** Called holding the estimator: feeds one sample, then frees its permit. */
    private void feed(PooledPermit permit) {
        long startNanos = permit.startNanos();
        long endNanos = permit.endNanos();
        int inFlightAtStart = permit.inFlightAtStart();
        boolean dropped = permit.outcome() == DROPPED;
        permit.free(); // its sample is read: another request may claim it now
        int updated = Math.max(1, estimator.update(endNanos, endNanos - startNanos, inFlightAtStart, dropped));
        // most samples leave the limit where it was: skip the volatile store (a full fence)
        if (updated != limit) {
            limit = updated;
        }
    }

    @Override
    public String toString() {
        return "ConcurrencyLimiter[" + estimator + ", inFlight=" + inFlight() + "]";
    }
}
