package io.tailguard.lab;

/**
 * Thread-safe (immutable spec, stateless scenario) base of an experiment that is its spec and its
 * scenario: it holds the spec, so a subclass passes it once and writes only {@link #run}.
 */
public abstract class SpecExperiment implements Experiment {

    private final ExperimentSpec spec;

    /** Holds {@code spec}. */
    protected SpecExperiment(ExperimentSpec spec) {
        this.spec = spec;
    }

    @Override
    public final ExperimentSpec spec() {
        return spec;
    }
}
