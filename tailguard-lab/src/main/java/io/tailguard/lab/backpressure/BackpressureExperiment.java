package io.tailguard.lab.backpressure;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.latencyseries.PublishedFlags;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (stateless) backpressure experiment: the same overload offered to five admission
 * strategies, each a core policy (token bucket, bounded queue, leaky-bucket shaper, concurrency
 * limiter) or the real Resilience4j rate limiter, running in the simulator. With the defaults it
 * reproduces the published lab's two CSVs byte for byte; {@code --arrivals}, {@code --overload}
 * and {@code --seed} go beyond it.
 */
public final class BackpressureExperiment extends SpecExperiment {

    /** Most arrivals one strategy may simulate, to keep a run within seconds. */
    static final long MAX_ARRIVALS = 20_000_000L;

    static final String STRATEGY = "--backpressure-strategy";
    static final String OVERLOAD = "--overload";

    private static final ExperimentSpec SPEC = PublishedFlags.spec("backpressure",
            "Backpressure strategy comparison",
            "Five admission strategies under the same overload: who absorbs the excess, as rejections or latency.",
            optionList(),
            publishedConclusions(),
            "lab backpressure --duration 5s --concurrency 10 --output-dir out/bp",
            "lab backpressure --backpressure-strategy bounded-queue",
            "lab backpressure --arrivals poisson --seed 7 --overload transient",
            "lab backpressure --arrivals bursty --snapshot-interval 500ms",
            "lab backpressure --arrivals poisson --seeds 10");

    /** Creates the experiment. */
    public BackpressureExperiment() {
        super(SPEC);
    }

    private static List<LabOption> optionList() {
        return List.of(
                LabOption.flag(LabOption.DETERMINISTIC, "Changes nothing: accepted so that the published lab's command lines "
                        + "run as they are. Every run is deterministic (virtual time, seeded randomness): the same "
                        + "arguments give the same CSV bytes, with or without this flag."),
                LabOption.duration(LabOption.DURATION, "5s", Duration.ofHours(1), "Simulated run length (1 ms to 1 h). "
                        + "The published model (constant, sustained) uses whole seconds, at least 1."),
                LabOption.positiveInt(PublishedFlags.CONCURRENCY, 10, 50_000, "Load multiplier: offered load = 20 x N requests/s "
                        + "against strategies that admit about 100/s."),
                LabOption.duration(PublishedFlags.SNAPSHOT_INTERVAL, "1s", Duration.ofHours(1), "Snapshot window for "
                        + "--arrivals poisson|bursty or --overload transient. The published model snapshots "
                        + "every 20 x N arrivals."),
                LabOption.oneOrAll(STRATEGY, Strategy.labels(),
                        "Which strategy to run; all runs the five in this order."),
                LabOption.choice(LabOption.ARRIVALS, "constant", List.of("constant", "poisson", "bursty"), "Arrival process: "
                        + "evenly spaced (published), Poisson, or Poisson bursts (100 ms at 2x, 100 ms silent)."),
                LabOption.choice(OVERLOAD, "sustained", List.of("sustained", "transient"), "sustained: the "
                        + "offered load throughout (published); transient: every 5 s, 1 s at the offered load "
                        + "then 4 s at 50 rps."),
                LabOption.seed(42, "Seed of the random arrival streams (poisson, bursty)."));
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        Workload workload = workload(args);
        List<Strategy> selected = args.chosen(STRATEGY, List.of(Strategy.values()), Strategy::label);
        List<Strategy> all = List.of(Strategy.values());
        boolean reuse = selected.equals(all);
        progress.begin("lab backpressure", selected.size() + (reuse ? 1 : 2) * all.size());

        List<StrategyOutcome> outcomes = compare(selected, workload, workload.overload().label(), progress);
        boolean mainIsSustained = workload.overload() == Workload.Overload.SUSTAINED;
        List<StrategyOutcome> sustained = reuse && mainIsSustained ? outcomes
                : compare(all, workload.with(Workload.Overload.SUSTAINED), "sustained", progress);
        List<StrategyOutcome> transientOutcomes = reuse && !mainIsSustained ? outcomes
                : compare(all, workload.with(Workload.Overload.TRANSIENT), "transient", progress);
        progress.end();

        CsvTable summary = BackpressureTables.summary(outcomes);
        // the summary's rows are the overload table's rows for this run's overload, so the terminal
        // shows only the overload table (the summary CSV is still written)
        LabResult.Builder result = LabResult.builder(title() + ": " + workload.describe())
                .table(summary)
                .records(outcomes)
                .seedSummary(summary, "acceptance_pct", "p99_ms")
                .table(BackpressureTables.snapshots(outcomes))
                .printedTable(BackpressureTables.overload(sustained, transientOutcomes))
                .finding(BackpressureFindings.sustained(sustained))
                .finding(BackpressureFindings.transientRun(transientOutcomes))
                .finding(workload.pacing().describe())
                .ranAlso(OVERLOAD, "the sustained vs transient comparison also ran " + (mainIsSustained ? "transient" : "sustained"));
        if (!reuse) {
            result.ranAlso(STRATEGY, "the sustained vs transient comparison ran all five");
        }
        BackpressureTables.charts(outcomes, sustained, transientOutcomes, workload.describe())
                .forEach(result::chart);
        // The simulator is always seeded with it; only poisson and bursty arrivals draw from it.
        result.seed(workload.seed());
        return result.build();
    }

    /** Runs each of {@code strategies} on {@code workload}, reporting each as {@code label} and its name. */
    private static List<StrategyOutcome> compare(List<Strategy> strategies, Workload workload, String label,
                                         Progress progress) {
        List<StrategyOutcome> outcomes = new ArrayList<>();
        for (Strategy s : strategies) {
            outcomes.add(BackpressureSimulation.run(s, workload));
            progress.step(label + " " + s.label());
        }
        return outcomes;
    }

    static Workload workload(LabArgs args) {
        Workload workload = new Workload(
                Workload.Arrivals.valueOf(args.choice(LabOption.ARRIVALS).toUpperCase(Locale.ROOT)),
                Workload.Overload.valueOf(args.choice(OVERLOAD).toUpperCase(Locale.ROOT)),
                args.intValue(PublishedFlags.CONCURRENCY), args.duration(LabOption.DURATION),
                args.duration(PublishedFlags.SNAPSHOT_INTERVAL), args.longValue(LabOption.SEED));
        Pacing pacing = workload.pacing();
        double expected = pacing.expectedArrivals();
        if (expected > MAX_ARRIVALS) {
            throw new LabUsageException(String.format(Locale.ROOT,
                    "%s x %s x 20 must be at most %d requests but was %.0f (--duration %s, --concurrency %d)",
                    LabOption.DURATION, PublishedFlags.CONCURRENCY, MAX_ARRIVALS, expected,
                    args.rawValues().get(LabOption.DURATION),
                    workload.concurrency()));
        }
        if (pacing.windowCount(0) > TimedPacing.MAX_WINDOWS) {
            throw new LabUsageException(PublishedFlags.SNAPSHOT_INTERVAL + " must give at most "
                    + TimedPacing.MAX_WINDOWS + " snapshots over --duration but was '"
                    + args.rawValues().get(PublishedFlags.SNAPSHOT_INTERVAL) + "'");
        }
        return workload;
    }

    /**
     * The published article's conclusions: under 2x overload every strategy bounds what it buffers;
     * the token bucket admits the most (its initial burst) at a constant 10 ms, and the bounded
     * queue buys its acceptance with the highest latency.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("the token bucket admits the most at 10 ms", StrategyOutcome.class, r -> {
                    double token = strategy(r, "token-bucket").accepted();
                    double p99 = strategy(r, "token-bucket").p99Millis();
                    double most = r.max(StrategyOutcome::accepted);
                    return Conclusion.verdict(token >= most && p99 <= 10, "token bucket %.0f accepted (most of any "
                            + "%.0f), p99 %.0f ms", token, most, p99);
                }),
                Conclusion.of("the bounded queue pays for its acceptance with the highest p99", StrategyOutcome.class,
                        r -> {
                    double queue = strategy(r, "bounded-queue").p99Millis();
                    double worst = r.max(StrategyOutcome::p99Millis);
                    double accepted = strategy(r, "bounded-queue").accepted();
                    double shedder = strategy(r, "load-shedder").accepted();
                    return Conclusion.verdict(queue >= worst && accepted > shedder, "bounded queue p99 %.0f ms "
                            + "(highest %.0f), %.0f accepted vs the shedder's %.0f", queue, worst, accepted, shedder);
                }));
    }

    private static StrategyOutcome strategy(Rows<StrategyOutcome> rows, String strategy) {
        return rows.first(o -> o.strategy().label().equals(strategy), "strategy " + strategy);
    }
}
