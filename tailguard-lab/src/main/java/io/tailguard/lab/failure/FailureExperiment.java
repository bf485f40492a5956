package io.tailguard.lab.failure;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.sim.calltree.ArrivalPattern;

/**
 * Thread-safe (immutable spec, stateless scenario) base of a failure-series experiment: it holds
 * the spec and reads the series' options, so an experiment is its spec and its scenario.
 */
public abstract class FailureExperiment extends SpecExperiment {

    private final long longestDeadlineMs;

    /**
     * Holds {@code spec}.
     *
     * @param longestDeadlineMs the run must be longer than this ({@link FailureOptions#durationMs})
     */
    protected FailureExperiment(ExperimentSpec spec, long longestDeadlineMs) {
        super(spec);
        this.longestDeadlineMs = longestDeadlineMs;
    }

    @Override
    public final LabResult run(LabArgs args, Progress progress) {
        return scenario(FailureOptions.durationMs(args, longestDeadlineMs),
                ArrivalPattern.of(args.choice(LabOption.ARRIVALS)), args.longValue(LabOption.SEED), progress);
    }

    /** Runs the scenario over {@code durationMs} of {@code arrivals} drawn from {@code seed}. */
    protected abstract LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress);
}
