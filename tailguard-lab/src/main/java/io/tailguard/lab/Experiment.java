package io.tailguard.lab;

import java.util.List;

/**
 * Thread-safe contract for one runnable lab experiment: implementations are stateless, every run
 * builds its own model. The framework parses and validates the options the experiment declares,
 * calls {@link #run}, then writes every artifact of the returned {@link LabResult}: CSVs, PNG charts,
 * {@code report.html} and {@code manifest.json}, atomically into the output directory.
 *
 * <p>To add an experiment: implement this interface and add one line to {@link Experiments}.
 */
public interface Experiment {

    /** Returns the command name, lower-case with dashes, for example {@code backpressure}. */
    String name();

    /** Returns the title used in the report and the manifest. */
    String title();

    /** Returns a one-line description for {@code tailguard lab list} and {@code --help}. */
    String description();

    /** Returns the series {@code tailguard lab list} groups this experiment under. */
    default LabSeries series() {
        return LabSeries.TAILGUARD;
    }

    /**
     * Returns the options this experiment accepts, with defaults; {@code --output-dir} is added by
     * the framework and must not be declared.
     */
    List<LabOption> options();

    /** Returns example command lines (without the {@code tailguard} prefix) for {@code --help}. */
    default List<String> examples() {
        return List.of("lab " + name());
    }

    /**
     * Returns the conclusions the published article draws from this experiment, as tests over the
     * rows of a run; the framework says in every report whether each held, and under
     * {@code --seeds K} in how many seeds. None for an experiment without a published article.
     */
    default List<Conclusion> conclusions() {
        return List.of();
    }

    /**
     * Runs the experiment with validated arguments and returns what it found. Must not write files:
     * the framework writes the result. Reports progress through {@code progress}.
     */
    LabResult run(LabArgs args, Progress progress);
}
