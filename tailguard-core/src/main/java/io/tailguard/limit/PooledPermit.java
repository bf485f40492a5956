package io.tailguard.limit;

import io.tailguard.admission.Permit;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe permit of an {@link AdaptiveConcurrencyLimiter}, reused through its {@link PermitSlots}. Its
 * state goes free → busy when claimed, busy → completing when completed (a CAS, so the first
 * completion wins and later ones are ignored), and completing → free once its sample has been fed
 * to the estimator. While completing it carries its sample and may wait in the limiter's list of
 * samples for whichever thread holds the estimator.
 */
final class PooledPermit implements Permit {

    private static final int FREE = 0;
    private static final int BUSY = 1;
    private static final int COMPLETING = 2;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(PooledPermit.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AdaptiveConcurrencyLimiter owner;
    private long startNanos;
    private int inFlightAtStart;
    private long endNanos;
    private int outcome;
    /** The next sample in the limiter's pending list; written before the CAS that publishes it. */
    PooledPermit nextPending;
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
        if (STATE.compareAndSet(this, BUSY, COMPLETING)) {
            this.endNanos = nowNanos;
            this.outcome = outcome;
            owner.release(this);
        }
    }

    long startNanos() {
        return startNanos;
    }

    int inFlightAtStart() {
        return inFlightAtStart;
    }

    long endNanos() {
        return endNanos;
    }

    int outcome() {
        return outcome;
    }

    /** Makes a completed permit claimable again; its sample must have been read first. */
    void free() {
        nextPending = null;
        STATE.setRelease(this, FREE);
    }

    @Override
    public String toString() {
        return "Permit[" + owner + ", started at " + startNanos + "ns]";
    }
}
