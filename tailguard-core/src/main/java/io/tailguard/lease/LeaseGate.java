package io.tailguard.lease;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;

/**
 * Thread-safe responder-side lease enforcement: an {@link AdmissionPolicy} that admits while the
 * current lease has requests left and has not expired. Over the lease it rejects with
 * {@link RejectReason#LEASE_EXHAUSTED}; after expiry, or before the first lease, with
 * {@link RejectReason#LEASE_EXPIRED}. {@link #install} replaces the current lease with no carry-over.
 *
 * <p>The lease only counts admissions, so a permit holds no state: admitted requests get
 * {@link Permit#noop()} and the decision path allocates nothing. Record latencies for an adaptive
 * sender in a {@link LeaseStats}.
 */
public final class LeaseGate extends CurrentLease implements AdmissionPolicy {

    private static final Rejection EXHAUSTED = Rejection.of(RejectReason.LEASE_EXHAUSTED);
    private static final Rejection EXPIRED = Rejection.of(RejectReason.LEASE_EXPIRED);

    /** Creates a gate with no lease: it rejects everything until the first {@link #install}. */
    public LeaseGate() {
    }

    /**
     * Makes {@code lease} the current lease from {@code nowNanos}: {@code allowedRequests} fresh
     * requests, valid until {@code nowNanos + timeToLive}. What was left of the previous lease is
     * dropped.
     */
    public void install(long nowNanos, Lease lease) {
        replace(nowNanos, lease);
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        LeaseState state = current;
        if (state.isExpired(nowNanos)) {
            return EXPIRED;
        }
        return state.tryTake() ? Permit.noop() : EXHAUSTED;
    }

    /** Returns the nanoseconds the current lease stays valid after {@code nowNanos}; 0 when expired or absent. */
    public long validForNanos(long nowNanos) {
        return current.validForNanos(nowNanos);
    }
}
