package io.tailguard.sim.path;

import io.tailguard.config.Check;
import io.tailguard.sim.service.ServiceModel;

/**
 * Thread-safe (immutable) description of one simulated backend: {@code workers} serving one FIFO
 * line of the requests sent to it, each taking a time drawn from {@code service} plus the
 * {@code slowdown} for the concurrency it starts at; a share of connections refused.
 *
 * @param workers      requests served at once, at least 1
 * @param service      the service-time distribution
 * @param slowdown     extra time by concurrency, or {@code null} for none
 * @param refusedShare the share of connections refused, in [0, 1]
 */
public record BackendModel(int workers, ServiceModel service, ConcurrencyDelay slowdown, double refusedShare) {

    /** Validates every field. */
    public BackendModel {
        Check.positive("workers", workers);
        Check.notNull("service", service);
        Check.inRange("refusedShare", refusedShare, 0.0, 1.0);
    }

    /** Returns {@code workers} on {@code service}, no slowdown, no refusals. */
    public static BackendModel of(int workers, ServiceModel service) {
        return new BackendModel(workers, service, null, 0.0);
    }

    /** Returns the requests a second this backend finishes when saturated without slowdown. */
    public double capacityPerSecond() {
        return workers * 1e9 / service.meanNanos();
    }
}
