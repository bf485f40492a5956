package io.tailguard.sim;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.config.Check;
import io.tailguard.sim.service.ServiceModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe description of one service station: a chain of admission gates evaluated in
 * order at each arrival, {@code workers} identical servers, a waiting line for jobs that find every
 * worker busy, and a service-time model. The gates are live policy objects (for example a core
 * token bucket); give each {@link Simulation} fresh ones, as they keep state.
 *
 * @param workers number of servers, {@code >= 1}; {@link #UNBOUNDED_WORKERS} for an infinite server
 * @param queue creates the waiting line; {@link StationQueues#unbounded()} by default
 * @param service service-time model
 * @param gates admission policies asked in order at arrival with the arrival time as {@code nowNanos}
 */
public record Station(int workers, StationQueue.Factory queue, ServiceModel service, List<AdmissionPolicy> gates) {

    /** Worker count of an infinite-server station: every admitted job starts service at once. */
    public static final int UNBOUNDED_WORKERS = Integer.MAX_VALUE;

    /** Validates and copies the gate list. */
    public Station {
        Check.positive("workers", workers);
        Check.notNull("queue", queue);
        Check.notNull("service", service);
        Check.notNull("gates", gates);
        for (int i = 0; i < gates.size(); i++) {
            Check.notNull("gates[" + i + "]", gates.get(i));
        }
        gates = List.copyOf(gates);
    }

    /** Starts a builder: 1 worker, unbounded FIFO, no gates; the service model is required. */
    public static Builder builder() {
        return new Builder();
    }

    /** Not thread-safe builder of a {@link Station}. */
    public static final class Builder {
        private int workers = 1;
        private StationQueue.Factory queue = StationQueues.unbounded();
        private ServiceModel service;
        private final List<AdmissionPolicy> gates = new ArrayList<>();

        private Builder() {
        }

        /** Sets the number of servers ({@link #UNBOUNDED_WORKERS} for an infinite server). */
        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        /** Makes this an infinite-server station (no job ever waits for a worker). */
        public Builder unboundedWorkers() {
            return workers(UNBOUNDED_WORKERS);
        }

        /** Sets the waiting line, for example {@link StationQueues#bounded(int)}. */
        public Builder queue(StationQueue.Factory queue) {
            this.queue = queue;
            return this;
        }

        /** Sets the service-time model. */
        public Builder service(ServiceModel service) {
            this.service = service;
            return this;
        }

        /** Appends a gate; gates are asked in the order added. */
        public Builder gate(AdmissionPolicy gate) {
            gates.add(gate);
            return this;
        }

        /** Builds the validated station. */
        public Station build() {
            return new Station(workers, queue, service, gates);
        }
    }
}
