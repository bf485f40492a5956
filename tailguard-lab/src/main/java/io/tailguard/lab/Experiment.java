package io.tailguard.lab;

import java.util.List;

/**
 * Thread-safe contract for one runnable lab experiment: a {@link ExperimentSpec} and the scenario
 * code. Implementations are stateless, every run builds its own model. The framework parses and
 * validates the options the spec declares, calls {@link #run}, judges the spec's conclusions on the
 * result, then writes every artifact atomically into the output directory.
 *
 * <p>To add an experiment: implement {@link #spec} and {@link #run}, and add one line to
 * {@link Experiments}.
 */
public interface Experiment {

    /** Returns what this experiment is: name, title, series, options, examples and conclusions. */
    ExperimentSpec spec();

    /**
     * Runs the experiment with validated arguments and returns what it found. Must not write files:
     * the framework writes the result. Reports progress through {@code progress}.
     */
    LabResult run(LabArgs args, Progress progress);

    /** Returns the spec's command name. */
    default String name() {
        return spec().name();
    }

    /** Returns the spec's title. */
    default String title() {
        return spec().title();
    }

    /** Returns the spec's one-line description. */
    default String description() {
        return spec().description();
    }

    /** Returns the spec's examples. */
    default List<String> examples() {
        return spec().examples();
    }
}
