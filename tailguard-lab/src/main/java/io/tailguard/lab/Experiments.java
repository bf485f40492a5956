package io.tailguard.lab;

import io.tailguard.lab.adaptive.AdaptiveExperiment;
import io.tailguard.lab.admission.AdmissionControlExperiment;
import io.tailguard.lab.backpressure.BackpressureExperiment;
import io.tailguard.lab.breaker.BreakerExperiment;
import io.tailguard.lab.budget.BudgetExperiment;
import io.tailguard.lab.cascade.CascadeExperiment;
import io.tailguard.lab.collapse.LoadCollapseExperiment;
import io.tailguard.lab.coordinatedomission.CoordinatedOmissionExperiment;
import io.tailguard.lab.hedgedrequests.HedgedRequestsExperiment;
import io.tailguard.lab.hedging.HedgingExperiment;
import io.tailguard.lab.isolation.IsolationExperiment;
import io.tailguard.lab.leases.LeasesExperiment;
import io.tailguard.lab.queuesaturation.QueueSaturationExperiment;
import io.tailguard.lab.retrystorm.RetryStormExperiment;
import io.tailguard.lab.shaping.TokenVsLeakyExperiment;
import io.tailguard.lab.shedding.LoadSheddingExperiment;
import io.tailguard.lab.slocontrol.SloLoadControlExperiment;
import io.tailguard.lab.slopolicy.SloPolicyExperiment;
import io.tailguard.lab.taillatency.TailLatencyExperiment;
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
            new TailLatencyExperiment(),
            new QueueSaturationExperiment(),
            new HedgedRequestsExperiment(),
            new CoordinatedOmissionExperiment(),
            new BackpressureExperiment(),
            new SloPolicyExperiment());

    /** The published lab's backpressure series. */
    private static final List<Experiment> BACKPRESSURE = List.of(
            new LoadCollapseExperiment(),
            new AdmissionControlExperiment(),
            new TokenVsLeakyExperiment(),
            new LoadSheddingExperiment(),
            new SloLoadControlExperiment());

    /** The published lab's failure-propagation series. */
    private static final List<Experiment> FAILURE = List.of(
            new CascadeExperiment(),
            new RetryStormExperiment(),
            new BreakerExperiment(),
            new BudgetExperiment(),
            new IsolationExperiment());

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
