package io.tailguard.limit;

import io.tailguard.admission.Permit;
import io.tailguard.config.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe permit of an {@link AdaptiveConcurrencyLimiter}, reused through its {@link PermitSlots}. Its
 * state goes free → busy when claimed and busy → free when completed, each by a CAS, so the first
 * completion wins and later ones are ignored until the permit is claimed again.
 */
final class PooledPermit implements Permit {

    private static final int FREE = 0;
    private static final int BUSY = 1;
    private static final VarHandle STATE =
            VarHandles.field(MethodHandles.lookup(), PooledPermit.class, "state", int.class);

    private final AdaptiveConcurrencyLimiter owner;
    private long startNanos;
    private int inFlightAtStart;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    private PooledPermit(AdaptiveConcurrencyLimiter owner, int state) {
        this.owner = owner;
        this.state = state;
    }

    /** Returns a new permit, already claimed. */
    static PooledPermit busy(AdaptiveConcurrencyLimiter owner) {
        return new PooledPermit(owner, BUSY);
    }

    /** Claims this permit if it is free. */
    boolean tryClaim() {
        return (int) STATE.getAcquire(this) == FREE && STATE.compareAndSet(this, FREE, BUSY);
    }

    /** Records the request this claimed permit now stands for. */
    void start(long nowNanos, int inFlight) {
        startNanos = nowNanos;
        inFlightAtStart = inFlight;
    }

    @Override
    public void onSuccess(long nowNanos) {
        complete(nowNanos, AdaptiveConcurrencyLimiter.SUCCESS);
    }

    @Override
    public void onDropped(long nowNanos) {
        complete(nowNanos, AdaptiveConcurrencyLimiter.DROPPED);
    }

    @Override
    public void onIgnore() {
        complete(0L, AdaptiveConcurrencyLimiter.IGNORED);
    }

    private void complete(long nowNanos, int outcome) {
        long start = startNanos; // read before freeing: once free, another request may claim it
        int inFlight = inFlightAtStart;
        if (STATE.compareAndSet(this, BUSY, FREE)) {
            owner.release(nowNanos, start, inFlight, outcome);
        }
    }

    @Override
    public String toString() {
        return "Permit[" + owner + ", started at " + startNanos + "ns]";
    }
}
