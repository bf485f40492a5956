package io.tailguard.lease;

import io.tailguard.balance.Availability;

/**
 * Thread-safe requester-side view of the lease a responder granted: availability = remaining /
 * allowed, 0 when the lease expired or none arrived yet. The requester never rejects on its own
 * (the responder does, and must see the real volume): {@link #onSent} only lowers availability.
 */
public final class LeaseView extends CurrentLease implements Availability {

    /** Creates a view with no lease (availability 0). */
    public LeaseView() {
    }

    /** Records a lease received at {@code nowNanos}; its time-to-live counts from reception. */
    public void onLease(long nowNanos, Lease lease) {
        replace(nowNanos, lease);
    }

    /**
     * Forgets the current lease (availability 0 at once): the responder is gone, or the session the
     * lease belonged to ended, so nothing granted under it can be used.
     */
    public void clear() {
        current = LeaseState.NONE;
    }

    /** Counts one request sent under the current lease; the remaining count never goes below 0. */
    public void onSent() {
        current.consume();
    }
}
