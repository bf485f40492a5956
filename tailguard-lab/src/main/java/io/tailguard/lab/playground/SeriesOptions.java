package io.tailguard.lab.playground;

import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabSeries;
import io.tailguard.sim.windowed.ArrivalShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) options every experiment of the backpressure series accepts: the
 * published flags with the meaning the published series gives them ({@code --duration} is the run
 * window; {@code --deterministic} changes nothing and is kept so the published command lines run),
 * plus {@code --arrivals} and {@code --seed}. The published flags this series ignores
 * ({@code --concurrency}, {@code --snapshot-interval}) are not offered.
 */
public final class SeriesOptions {

    /** Longest run window: keeps the largest sweep within seconds. */
    public static final Duration MAX_DURATION = Duration.ofMinutes(10);

    private SeriesOptions() {
    }

    /** {@code --seed} help of an experiment whose only randomness is the poisson and bursty arrivals. */
    public static final String ARRIVALS_SEED =
            "Seed of the poisson and bursty arrival streams (the published arrivals draw nothing).";

    /**
     * Returns the spec of a backpressure-series experiment: its series, {@code options} (usually
     * {@link #with}), its conclusions and the examples of {@link #examples} with {@code moreExamples}.
     */
    public static ExperimentSpec spec(String name, String title, String description, List<LabOption> options,
            List<Conclusion<?>> conclusions, String... moreExamples) {
        return new ExperimentSpec(name, title, description, LabSeries.BACKPRESSURE, options,
                examples(name, moreExamples), conclusions);
    }

    /**
     * Returns the examples every experiment of the series has, {@code lab <name>} and its published
     * command line, then {@code lab <name> <knobs>} for each of {@code more}.
     */
    public static List<String> examples(String name, String... more) {
        List<String> examples = new java.util.ArrayList<>(List.of("lab " + name,
                "lab " + name + " --deterministic --duration 5s --output-dir out/" + name));
        for (String knobs : more) {
            examples.add("lab " + name + " " + knobs);
        }
        return examples;
    }

    /** Returns the report title of a run: the published title, the traffic and the window. */
    public static String runTitle(String title, ArrivalShape traffic, long windowMs, String more) {
        return title + ": " + traffic.label() + " arrivals, " + more + windowMs + " ms window";
    }

    /**
     * The series' options, followed by {@code extra}.
     *
     * @param seedHelp what {@code --seed} seeds in this experiment
     */
    public static List<LabOption> with(long defaultSeed, String seedHelp, LabOption... extra) {
        List<LabOption> options = new ArrayList<>(List.of(
                LabOption.flag(LabOption.DETERMINISTIC, "Changes nothing: accepted so that the published lab's command lines run "
                        + "as they are. Every run is deterministic: the same arguments give the same CSV bytes."),
                LabOption.duration(LabOption.DURATION, "5s", MAX_DURATION, "Run window D (1 ms to 10 min): arrivals come in "
                        + "[0, D); the published golden runs use 5s."),
                LabOption.choice(LabOption.ARRIVALS, "constant", List.of("constant", "poisson", "bursty"), "Arrival process: "
                        + "evenly spaced (published), Poisson at the same rates, or bursty (each 200 ms of demand "
                        + "arrives as Poisson in its first 100 ms)."),
                LabOption.seed(defaultSeed, seedHelp)));
        options.addAll(List.of(extra));
        return options;
    }

    /** The run window D in whole milliseconds, at least 1. */
    public static long windowMs(LabArgs args) {
        return Math.max(1, args.duration(LabOption.DURATION).toMillis());
    }

    /** The arrival shape. */
    public static ArrivalShape traffic(LabArgs args) {
        return ArrivalShape.of(args.choice(LabOption.ARRIVALS));
    }

    /** The seed. */
    public static long seed(LabArgs args) {
        return args.longValue(LabOption.SEED);
    }
}
