package io.tailguard.lab;

import io.tailguard.lab.adaptive.AdaptiveExperiment;
import io.tailguard.lab.backpressure.BackpressureExperiment;
import io.tailguard.lab.hedging.HedgingExperiment;
import io.tailguard.lab.leases.LeasesExperiment;
import java.util.List;
import java.util.stream.Stream;

/**
 * Thread-safe (immutable) registry of every lab experiment, in the order {@code tailguard lab list}
 * prints them and {@code tailguard lab all} runs them. Adding an experiment is one line here.
 */
public final class Experiments {

    // One list per series, so that adding an experiment to one series touches only its own lines.

    /** The published lab's latency series. */
    private static final List<Experiment> LATENCY = List.of(
            new BackpressureExperiment());

    /** The published lab's backpressure series. */
    private static final List<Experiment> BACKPRESSURE = List.of();

    /** The published lab's failure-propagation series. */
    private static final List<Experiment> FAILURE = List.of();

    /** tailguard's own experiments. */
    private static final List<Experiment> TAILGUARD = List.of(
            new LeasesExperiment(),
            new HedgingExperiment(),
            new AdaptiveExperiment());

    private static final List<Experiment> ALL = Stream.of(LATENCY, BACKPRESSURE, FAILURE, TAILGUARD)
            .flatMap(List::stream).toList();

    private Experiments() {
    }

    /** Returns every registered experiment. */
    public static List<Experiment> all() {
        return ALL;
    }
}
