package io.tailguard.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.lease.LeaseGate;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link LeaseGate}: gauges {@code tailguard.lease.remaining} (requests the
 * current lease still allows) and {@code tailguard.lease.availability} (remaining / allowed, 0 once
 * expired), read at {@code clock}'s time.
 */
public final class LeaseGateMetrics implements MeterBinder {

    private final LeaseGate gate;
    private final NanoClock clock;
    private final Tags tags;

    /** Binds {@code gate}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public LeaseGateMetrics(LeaseGate gate, NanoClock clock, Iterable<Tag> tags) {
        this.gate = Check.notNull("gate", gate);
        this.clock = Check.notNull("clock", clock);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauges.register(registry, "tailguard.lease.remaining", gate, g -> g.remaining(clock.nanoTime()), tags,
                "requests the current lease still allows");
        Gauges.register(registry, "tailguard.lease.availability", gate, g -> g.availability(clock.nanoTime()), tags,
                "remaining over allowed requests of the lease");
    }
}
