package io.tailguard.lab.hedging;

import io.tailguard.sim.Station;
import io.tailguard.sim.service.ServiceModel;

/**
 * Thread-safe (immutable) backend setting of the experiment. The published scenario keeps the CSV
 * label {@code seed} that the published tables use.
 */
enum HedgingScenario {

    /** Unlimited capacity: every attempt takes an independent draw; hedges slow no one. */
    PUBLISHED("seed", Station.UNBOUNDED_WORKERS, 1000.0),

    /** A station of 8 workers at 80 % utilisation before hedging: hedges add queueing. */
    SATURATED("saturated", 8, 0.0);

    /** Utilisation of the saturated station before any hedge. */
    static final double UTILIZATION = 0.8;

    private final String label;
    private final int workers;
    private final double fixedRatePerSecond;

    HedgingScenario(String label, int workers, double fixedRatePerSecond) {
        this.label = label;
        this.workers = workers;
        this.fixedRatePerSecond = fixedRatePerSecond;
    }

    /** The name in the CSV. */
    String label() {
        return label;
    }

    /** Workers of the backend, {@link Station#UNBOUNDED_WORKERS} for unlimited capacity. */
    int workers() {
        return workers;
    }

    /** Poisson arrival rate: fixed for the published scenario, 80 % of capacity for the saturated station. */
    double ratePerSecond(ServiceModel model) {
        if (workers == Station.UNBOUNDED_WORKERS) {
            return fixedRatePerSecond;
        }
        return UTILIZATION * workers * 1e9 / model.meanNanos();
    }
}
