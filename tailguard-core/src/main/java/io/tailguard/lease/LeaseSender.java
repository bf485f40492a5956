package io.tailguard.lease;

import java.time.Duration;

/**
 * Decides the responder's next lease. The responder (or a {@link LeaseTicker}) asks every
 * {@link #period()}, installs the answer in its {@link LeaseGate} and sends it to the requester.
 * Implementations say whether they are thread-safe.
 */
public interface LeaseSender {

    /** Returns the lease to grant at {@code nowNanos}. */
    Lease nextLease(long nowNanos);

    /** Returns how often a new lease is granted. */
    Duration period();
}
