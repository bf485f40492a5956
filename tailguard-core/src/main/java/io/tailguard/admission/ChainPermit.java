package io.tailguard.admission;

import io.tailguard.config.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe permit of an {@link AdmissionChain} that holds two or more permits of its gates and
 * completes them all, last gate first, the way they were taken. Reused through the chain's
 * {@link ChainPermits}: its state goes free → busy when claimed, busy → completing when the first
 * completion wins (later ones see it is no longer busy and do nothing), and completing → free
 * once every part is completed, so a reuser never sees a half-cleared permit.
 */
final class ChainPermit implements Permit {

    private static final int FREE = 0;
    private static final int BUSY = 1;
    private static final int COMPLETING = 2;
    private static final int SUCCESS = 0;
    private static final int DROPPED = 1;
    private static final int IGNORED = 2;
    private static final VarHandle STATE =
            VarHandles.field(MethodHandles.lookup(), ChainPermit.class, "state", int.class);

    private final Permit[] parts;
    private int count;
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    /** Creates a permit of up to {@code capacity} parts, already claimed (busy). */
    ChainPermit(int capacity) {
        this.parts = new Permit[capacity];
        this.state = BUSY;
    }

    /** Claims this permit if it is free. */
    boolean tryClaim() {
        return (int) STATE.getAcquire(this) == FREE && STATE.compareAndSet(this, FREE, BUSY);
    }

    /** Adds the permit of the next gate; called only by the claimer, before the permit is handed out. */
    void add(Permit part) {
        parts[count++] = part;
    }

    @Override
    public void onSuccess(long nowNanos) {
        complete(nowNanos, SUCCESS);
    }

    @Override
    public void onDropped(long nowNanos) {
        complete(nowNanos, DROPPED);
    }

    @Override
    public void onIgnore() {
        complete(0L, IGNORED);
    }

    private void complete(long nowNanos, int outcome) {
        if (!STATE.compareAndSet(this, BUSY, COMPLETING)) {
            return;
        }
        try {
            for (int i = count - 1; i >= 0; i--) {
                Permit part = parts[i];
                parts[i] = null;
                switch (outcome) {
                    case SUCCESS -> part.onSuccess(nowNanos);
                    case DROPPED -> part.onDropped(nowNanos);
                    default -> part.onIgnore();
                }
            }
        } finally {
            count = 0;
            STATE.setRelease(this, FREE);
        }
    }

    @Override
    public String toString() {
        return "Permit[chain of " + count + "]";
    }
}
