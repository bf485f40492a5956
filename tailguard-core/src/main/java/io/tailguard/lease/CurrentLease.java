package io.tailguard.lease;

import io.tailguard.config.Check;

/**
 * Thread-safe holder of the lease in force, on either side of a lease: the responder's
 * {@link LeaseGate} and the requester's {@link LeaseView}. Each new lease is a new
 * {@link LeaseState}, published through one volatile, so nothing counted under the previous lease
 * carries over and a reader always sees one whole lease.
 */
abstract class CurrentLease {

    /** The lease in force; {@link LeaseState#NONE} before the first one. */
    volatile LeaseState current = LeaseState.NONE;

    /** Makes {@code lease} the one in force from {@code nowNanos}; what was left of the previous one is dropped. */
    final void replace(long nowNanos, Lease lease) {
        Check.notNull("lease", lease);
        current = LeaseState.of(lease, nowNanos);
    }

    /** Returns the requests the current lease allowed; 0 when there is none. */
    public final int allowed() {
        return current.allowed();
    }

    /** Returns remaining / allowed of the current lease at {@code nowNanos}; 0 when expired or absent. */
    public final double availability(long nowNanos) {
        return current.availability(nowNanos);
    }

    /** Returns the requests left in the current lease at {@code nowNanos}; 0 when expired or absent. */
    public final int remaining(long nowNanos) {
        LeaseState state = current;
        return state.isExpired(nowNanos) ? 0 : state.remaining();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + current + "]";
    }
}
