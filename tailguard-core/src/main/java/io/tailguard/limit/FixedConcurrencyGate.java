package io.tailguard.limit;

import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe, lock-free {@link ConcurrencyLimiter} for a limit that never moves, of at most
 * {@link #MAX_LIMIT}: a {@link SlotGate} with one reusable permit per unit of the limit. A fixed
 * limit learns nothing from completions, so neither admitting nor completing reads the clock.
 */
final class FixedConcurrencyGate implements ConcurrencyLimiter {

    /** The largest limit a slot gate holds. */
    static final int MAX_LIMIT = SlotGate.MAX_SLOTS;

    private static final Rejection CONCURRENCY_LIMITED = Rejection.of(RejectReason.CONCURRENCY_LIMITED);

    private final SlotGate gate;

    FixedConcurrencyGate(int limit) {
        this.gate = new SlotGate(limit);
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        return acquire();
    }

    /** Never reads {@code clock}: a fixed gate has no use for the time. */
    @Override
    public Decision tryAcquire(NanoClock clock) {
        return acquire();
    }

    private Decision acquire() {
        SlotPermit permit = gate.tryAcquire();
        return permit == null ? CONCURRENCY_LIMITED : permit;
    }

    @Override
    public int inFlight() {
        return gate.inFlight();
    }

    @Override
    public int limit() {
        return gate.limit();
    }

    @Override
    public boolean adapts() {
        return false;
    }

    @Override
    public String toString() {
        return "ConcurrencyLimiter[FixedLimit[" + gate.limit() + "], inFlight=" + inFlight() + "]";
    }
}
