package io.tailguard.lease;

import io.tailguard.balance.Availability;
import io.tailguard.config.Check;

/**
 * Thread-safe requester-side view of the lease a responder granted: availability = remaining /
 * allowed, 0 when the lease expired or none arrived yet. The requester never rejects on its own
 * (the responder does, and must see the real volume): {@link #onSent} only lowers availability.
 */
public final class LeaseView implements Availability {

    private volatile LeaseState current = LeaseState.NONE;

    /** Creates a view with no lease (availability 0). */
    public LeaseView() {
    }

    /** Records a lease received at {@code nowNanos}; its time-to-live counts from reception. */
    public void onLease(long nowNanos, Lease lease) {
        Check.notNull("lease", lease);
        current = LeaseState.of(lease, nowNanos);
    }

    /**
     * Forgets the current lease (availability 0 at once): the responder is gone, or the session the
     * lease belonged to ended, so nothing granted under it can be used.
     */
    public void clear() {
        current = LeaseState.NONE;
    }

    /** Returns the requests the current lease allowed when received; 0 when none arrived or after {@link #clear}. */
    public int allowed() {
        return current.allowed();
    }

    /** Counts one request sent under the current lease; the remaining count never goes below 0. */
    public void onSent() {
        current.consume();
    }

    @Override
    public double availability(long nowNanos) {
        return current.availability(nowNanos);
    }

    /** Returns the requests left at {@code nowNanos}; 0 when expired or absent. */
    public int remaining(long nowNanos) {
        LeaseState state = current;
        return state.isExpired(nowNanos) ? 0 : state.remaining();
    }

    @Override
    public String toString() {
        return "LeaseView[" + current + "]";
    }
}
