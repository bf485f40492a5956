package io.tailguard.lab.failure;

import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabSeries;
import io.tailguard.lab.LabUsageException;
import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (stateless) options every failure-propagation experiment takes: the published lab's
 * {@code --duration} and {@code --deterministic} (which changes nothing and is kept so the published
 * command lines run), and our {@code --arrivals} and {@code --seed}. The published flags the series
 * ignores ({@code --concurrency}, {@code --snapshot-interval}) are not offered.
 */
public final class FailureOptions {

    /** {@code --seed} help of the experiments whose only randomness is the arrival streams. */
    public static final String ARRIVAL_SEED = "Seed of the random arrival streams (poisson, bursty).";

    /** Longest run: keeps one experiment within seconds. */
    static final Duration MAX_DURATION = Duration.ofMinutes(2);

    private FailureOptions() {
    }

    /**
     * Returns the spec of a failure-series experiment: its series, the shared options with the
     * seed's default and use, its conclusions and its examples.
     */
    public static ExperimentSpec spec(String name, String title, String description, long defaultSeed, String seedUse,
            List<Conclusion<?>> conclusions, String... examples) {
        return new ExperimentSpec(name, title, description, LabSeries.FAILURE, options(defaultSeed, seedUse),
                List.of(examples), conclusions);
    }

    /** Returns the shared options with {@code defaultSeed} as the seed's default; {@code seedUse} says what it draws. */
    public static List<LabOption> options(long defaultSeed, String seedUse) {
        return List.of(
                LabOption.flag(LabOption.DETERMINISTIC, "Changes nothing: accepted so the published lab's command lines run "
                        + "as they are. Every run is deterministic."),
                LabOption.duration(LabOption.DURATION, "5s", MAX_DURATION, "Simulated run length (more than the longest "
                        + "deadline, at most 2 m). Requests are scored if they arrive at least one deadline "
                        + "before the end."),
                LabOption.choice(LabOption.ARRIVALS, "constant", List.of("constant", "poisson", "bursty"), "Arrival process: "
                        + "evenly spaced (published), Poisson, or Poisson bursts (100 ms at 2x, 100 ms silent)."),
                LabOption.seed(defaultSeed, seedUse));
    }

    /** Returns the run length in ms, checked to exceed {@code deadlineMs}. */
    public static long durationMs(LabArgs args, long deadlineMs) {
        long ms = Math.max(1, args.duration(LabOption.DURATION).toMillis());
        if (ms <= deadlineMs) {
            throw new LabUsageException(LabOption.DURATION + " must be more than the " + deadlineMs
                    + " ms deadline but was '" + args.rawValues().get(LabOption.DURATION) + "'");
        }
        return ms;
    }
}
