package io.tailguard.lab.playground;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.sim.windowed.ArrivalShape;

/**
 * Thread-safe (immutable spec, stateless scenario) base of a backpressure-series experiment: it
 * holds the spec and reads the series' options, so an experiment is its spec and its scenario.
 */
public abstract class SeriesExperiment extends SpecExperiment {

    /** Holds {@code spec}. */
    protected SeriesExperiment(ExperimentSpec spec) {
        super(spec);
    }

    @Override
    public final LabResult run(LabArgs args, Progress progress) {
        return scenario(SeriesOptions.windowMs(args), SeriesOptions.traffic(args), SeriesOptions.seed(args), args,
                progress);
    }

    /**
     * Runs the scenario over a window of {@code windowMs} of {@code traffic} drawn from {@code seed};
     * {@code args} holds the experiment's own options.
     */
    protected abstract LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress);
}
