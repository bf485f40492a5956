package io.tailguard.limit;

import io.tailguard.admission.Permit;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe permit of a {@link ConcurrencyLimiter}, recycled through its pool. A CAS on the
 * {@code completed} flag makes the first completion win; later ones are ignored until the limiter
 * hands the object out again.
 */
final class PooledPermit implements Permit {

    private static final VarHandle COMPLETED;

    static {
        try {
            COMPLETED = MethodHandles.lookup().findVarHandle(PooledPermit.class, "completed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ConcurrencyLimiter owner;
    private long startNanos;
    private int inFlightAtStart;
    @SuppressWarnings("unused") // accessed through COMPLETED
    private volatile int completed;

    PooledPermit(ConcurrencyLimiter owner) {
        this.owner = owner;
    }

    /** Arms this permit for a request admitted at {@code nowNanos} as the {@code inFlight}-th in flight. */
    void activate(long nowNanos, int inFlight) {
        startNanos = nowNanos;
        inFlightAtStart = inFlight;
        COMPLETED.setRelease(this, 0);
    }

    @Override
    public void onSuccess(long nowNanos) {
        complete(nowNanos, ConcurrencyLimiter.SUCCESS);
    }

    @Override
    public void onDropped(long nowNanos) {
        complete(nowNanos, ConcurrencyLimiter.DROPPED);
    }

    @Override
    public void onIgnore() {
        complete(0L, ConcurrencyLimiter.IGNORED);
    }

    private void complete(long nowNanos, int outcome) {
        if (COMPLETED.compareAndSet(this, 0, 1)) {
            owner.release(this, nowNanos, startNanos, inFlightAtStart, outcome);
        }
    }

    @Override
    public String toString() {
        return "Permit[" + owner + ", started at " + startNanos + "ns]";
    }
}
