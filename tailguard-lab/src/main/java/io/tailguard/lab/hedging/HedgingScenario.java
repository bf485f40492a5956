package io.tailguard.lab.hedging;

import io.tailguard.sim.Station;
import io.tailguard.sim.service.ServiceModel;
import java.util.List;

/**
 * Thread-safe (immutable) backend setting of the experiment. The published scenario keeps the CSV
 * label {@code seed} that the published tables use.
 *
 * @param label              the name in the CSV
 * @param workers            workers of the backend, {@link Station#UNBOUNDED_WORKERS} for unlimited capacity
 * @param fixedRatePerSecond the Poisson arrival rate of a backend with unlimited capacity
 */
record HedgingScenario(String label, int workers, double fixedRatePerSecond) {

    /** Unlimited capacity: every attempt takes an independent draw; hedges slow no one. */
    static final HedgingScenario PUBLISHED = new HedgingScenario("seed", Station.UNBOUNDED_WORKERS, 1000.0);

    /** A station of 8 workers at 80 % utilisation before hedging: hedges add queueing. */
    static final HedgingScenario SATURATED = new HedgingScenario("saturated", 8, 0.0);

    /** Both settings, in table order. */
    static final List<HedgingScenario> ALL = List.of(PUBLISHED, SATURATED);

    /** Utilisation of the saturated station before any hedge. */
    static final double UTILIZATION = 0.8;

    /** Poisson arrival rate: fixed for the published scenario, 80 % of capacity for the saturated station. */
    double ratePerSecond(ServiceModel model) {
        if (workers == Station.UNBOUNDED_WORKERS) {
            return fixedRatePerSecond;
        }
        return UTILIZATION * workers * 1e9 / model.meanNanos();
    }
}
