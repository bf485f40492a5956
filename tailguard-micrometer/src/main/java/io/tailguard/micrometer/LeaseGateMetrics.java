package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.lease.LeaseGate;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link LeaseGate}: gauges {@code tailguard.lease.remaining} (requests the
 * current lease still allows) and {@code tailguard.lease.availability} (remaining / allowed, 0 once
 * expired), read at {@code clock}'s time.
 */
public final class LeaseGateMetrics extends PolicyBinder<LeaseGate> {

    /** Binds {@code gate}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public LeaseGateMetrics(LeaseGate gate, NanoClock clock, Iterable<Tag> tags) {
        super("gate", gate, tags);
        gauge("tailguard.lease.remaining", clock, LeaseGate::remaining, "requests the current lease still allows");
        gauge("tailguard.lease.availability", clock, LeaseGate::availability,
                "remaining over allowed requests of the lease");
    }
}
