package io.tailguard.lab;

import io.tailguard.lab.backpressure.BackpressureExperiment;
import io.tailguard.lab.hedging.HedgingExperiment;
import io.tailguard.lab.leases.LeasesExperiment;
import java.util.List;

/**
 * Thread-safe (immutable) registry of every lab experiment, in the order {@code tailguard lab list}
 * prints them and {@code tailguard lab all} runs them. Adding an experiment is one line here.
 */
public final class Experiments {

    private static final List<Experiment> ALL = List.of(
            new BackpressureExperiment(),
            new LeasesExperiment(),
            new HedgingExperiment());

    private Experiments() {
    }

    /** Returns every registered experiment. */
    public static List<Experiment> all() {
        return ALL;
    }
}
