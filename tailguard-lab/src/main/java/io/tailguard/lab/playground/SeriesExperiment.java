package io.tailguard.lab.playground;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabSeries;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) base of the backpressure series' experiments: their series, their
 * common options ({@link SeriesOptions}) and the first two examples every one of them has.
 */
public abstract class SeriesExperiment implements Experiment {

    /** {@code --seed} help of an experiment whose only randomness is the poisson and bursty arrivals. */
    protected static final String ARRIVALS_SEED =
            "Seed of the poisson and bursty arrival streams (the published arrivals draw nothing).";

    @Override
    public final LabSeries series() {
        return LabSeries.BACKPRESSURE;
    }

    @Override
    public List<LabOption> options() {
        return SeriesOptions.with(42, ARRIVALS_SEED);
    }

    @Override
    public final List<String> examples() {
        List<String> examples = new ArrayList<>(List.of("lab " + name(),
                "lab " + name() + " --deterministic --duration 5s --output-dir out/" + name()));
        for (String knobs : moreExamples()) {
            examples.add("lab " + name() + " " + knobs);
        }
        return examples;
    }

    /** Options of further examples, after {@code lab <name>}. */
    protected abstract List<String> moreExamples();

    /** The report title of a run: the published title, the traffic and the window. */
    protected String runTitle(Traffic traffic, long windowMs, String more) {
        return title() + ": " + traffic.label() + " arrivals, " + more + windowMs + " ms window";
    }
}
