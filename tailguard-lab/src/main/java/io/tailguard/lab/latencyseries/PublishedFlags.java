package io.tailguard.lab.latencyseries;

import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabSeries;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) the published lab's standard flags (labs-spec §3.1), declared once for the
 * latency series: each experiment gives them its own meaning (§1.5) in the help text; and the
 * series' spec.
 */
public final class PublishedFlags {

    public static final String CONCURRENCY = "--concurrency";
    public static final String SNAPSHOT_INTERVAL = "--snapshot-interval";

    /** Largest {@code --concurrency}; run-size limits of each experiment apply on top. */
    static final int MAX_CONCURRENCY = 100_000;

    private PublishedFlags() {
    }

    /**
     * Returns the spec of a latency-series experiment: its examples are {@code lab <name>} and then
     * {@code moreExamples}.
     */
    public static ExperimentSpec spec(String name, String title, String description, List<LabOption> options,
                                      List<Conclusion<?>> conclusions, String... moreExamples) {
        List<String> examples = new ArrayList<>();
        examples.add("lab " + name);
        examples.addAll(List.of(moreExamples));
        return new ExperimentSpec(name, title, description, LabSeries.LATENCY, options, examples, conclusions);
    }

    /** {@code --deterministic}: accepted so the published command lines run; every run here is seeded. */
    public static LabOption deterministic() {
        return LabOption.flag(LabOption.DETERMINISTIC, "Changes nothing: every run is deterministic (seeded, virtual "
                + "time); accepted so that the published lab's command lines run as they are.");
    }

    /** {@code --duration} with the published default of this experiment's golden run, at most {@code max}. */
    public static LabOption duration(String defaultValue, Duration max, String meaning) {
        return LabOption.duration(LabOption.DURATION, defaultValue, max, meaning);
    }

    /** {@code --concurrency}, default 10 (the golden runs' value) unless given. */
    public static LabOption concurrency(int defaultValue, String meaning) {
        return LabOption.positiveInt(CONCURRENCY, defaultValue, MAX_CONCURRENCY, meaning);
    }

    /**
     * The published flags of an experiment that simulates whole seconds at 100 x N requests per
     * second with snapshots every whole interval, followed by {@code more}.
     */
    public static List<LabOption> wholeSeconds(LabOption... more) {
        List<LabOption> options = new ArrayList<>(List.of(deterministic(),
                duration("5s", Duration.ofHours(1), "Simulated length, in whole seconds (at least 1), as published."),
                concurrency(10, "Load multiplier: 100 x N requests per second."),
                snapshotInterval(Duration.ofHours(1),
                        "Snapshot interval in whole seconds (at least 1, at most --duration).")));
        options.addAll(List.of(more));
        return options;
    }

    /** {@code --snapshot-interval}, default 1 s as published, at most {@code max}. */
    public static LabOption snapshotInterval(Duration max, String meaning) {
        return LabOption.duration(SNAPSHOT_INTERVAL, "1s", max, meaning);
    }
}
