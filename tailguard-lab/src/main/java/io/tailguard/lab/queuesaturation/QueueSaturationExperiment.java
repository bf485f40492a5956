package io.tailguard.lab.queuesaturation;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.latencyseries.MillisRun;
import io.tailguard.lab.latencyseries.PublishedFlags;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Thread-safe (stateless) queue-saturation experiment (the published lab's post 2): one 10 ms worker
 * offered 10 % to 130 % of its capacity, each level a run of the simulator, with the published
 * Little's-law comparison. With the golden arguments it reproduces the published CSV byte for byte;
 * {@code --arrivals poisson|bursty} shows the knee that evenly spaced arrivals cannot.
 */
public final class QueueSaturationExperiment extends SpecExperiment {

    /** The published utilisation levels, in order. */
    static final double[] LEVELS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2,
        1.25, 1.3};

    private static final ExperimentSpec SPEC = PublishedFlags.spec("queue-saturation",
            "Queue saturation and Little's law",
            "One 10 ms worker from 10 % to 130 % load: where latency leaves the floor, and Little's law.",
            List.of(
                PublishedFlags.deterministic(),
                PublishedFlags.duration("2s", Duration.ofMinutes(10), "Simulated length of each level."),
                PublishedFlags.snapshotInterval(Duration.ofMinutes(10),
                        "Percentiles are those of the last interval of this length (capped at --duration)."),
                LabOption.choice(LabOption.ARRIVALS, "constant", List.of("constant", "poisson", "bursty"), "Arrival process: "
                        + "evenly spaced (published), Poisson, or Poisson bursts (100 ms at 2x, 100 ms silent)."),
                LabOption.seed(42, "Seed of the poisson and bursty arrival streams.")),
            publishedConclusions(),
            "lab queue-saturation --deterministic --duration 2s --snapshot-interval 1s",
            "lab queue-saturation --arrivals poisson --duration 60s",
            "lab queue-saturation --arrivals poisson --duration 20s --seeds 10");

    /** Creates the experiment. */
    public QueueSaturationExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        MillisRun window = MillisRun.of(args, 1);
        long durationMs = window.durationMs();
        long snapshotMs = window.snapshotMs();
        SaturationArrivals arrivals = SaturationArrivals.valueOf(args.choice(LabOption.ARRIVALS).toUpperCase(Locale.ROOT));
        long seed = args.longValue(LabOption.SEED);
        SplittableRandom master = new SplittableRandom(seed);
        progress.begin("lab queue-saturation", LEVELS.length);
        List<SaturationLevel.Row> rows = new ArrayList<>();
        for (double rho : LEVELS) {
            SplittableRandom random = master.split();
            double lambda = rho * (1000.0 / SaturationLevel.SERVICE_MS);
            rows.add(SaturationLevel.run(rho, arrivals.times(lambda, durationMs, random), durationMs, snapshotMs,
                    random));
            progress.step(String.format(Locale.ROOT, "utilization %.2f", rho));
        }
        progress.end();
        CsvTable table = table(rows);
        LabResult.Builder result = LabResult.builder(String.format(Locale.ROOT, "%s: %s arrivals, %d ms per level",
                        title(), arrivals.name().toLowerCase(Locale.ROOT), durationMs))
                .printedTable(table)
                .records(rows)
                .seedSummary(table, "p99_ms", "mean_sojourn_ms")
                .finding(SaturationFindings.knee(rows, arrivals))
                .finding(SaturationFindings.littlesLaw(rows))
                .seed(seed);
        charts(rows).forEach(result::chart);
        return result.build();
    }

    static CsvTable table(List<SaturationLevel.Row> rows) {
        return CsvTable.of("Saturation sweep", "queue-saturation-saturation.csv", SaturationLevel.Row.HEADER, rows);
    }

    private static List<ChartArtifact> charts(List<SaturationLevel.Row> rows) {
        List<Number> x = ChartSeries.column(rows, SaturationLevel.Row::utilization);
        Map<String, List<? extends Number>> rps = ChartSeries.of(rows, "target rps", SaturationLevel.Row::lambda,
                "actual rps", SaturationLevel.Row::actualRps);
        Map<String, List<? extends Number>> latency = ChartSeries.of(rows, "p50", SaturationLevel.Row::p50,
                "p99", SaturationLevel.Row::p99);
        latency.put("p99.9", ChartSeries.column(rows, SaturationLevel.Row::p999));
        Map<String, List<? extends Number>> little = ChartSeries.of(rows, "measured L (waiting ahead at arrival)",
                SaturationLevel.Row::avgDepth, "computed L = throughput x mean sojourn", SaturationLevel.Row::computedL);
        return List.of(
                new ChartArtifact("Throughput", "queue-saturation-throughput.png",
                        Charts.lines("Throughput by utilisation", "utilisation", "requests/s", x, rps)),
                new ChartArtifact("Latency", "queue-saturation-latency.png",
                        Charts.lines("Sojourn percentiles (last interval) by utilisation", "utilisation", "ms", x,
                                latency)),
                new ChartArtifact("Little's law", "queue-saturation-littles-law.png",
                        Charts.lines("Little's law: measured vs computed L", "utilisation", "requests", x, little)));
    }

    /**
     * The published article's conclusions: latency stays at the service time up to full load and
     * climbs past it (a cliff at utilization 1.0), and Little's law L = λW holds at every level.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("p99 stays at the 10 ms service time up to full load, then climbs", SaturationLevel.Row.class,
                        r -> {
                    double below = 0;
                    double top = 0;
                    for (SaturationLevel.Row row : r.all()) {
                        if (row.utilization() <= 1.0) {
                            below = Math.max(below, row.p99());
                        }
                        top = Math.max(top, row.p99());
                    }
                    return Conclusion.verdict(below <= 11 && top >= 100, "worst p99 up to full load %.1f ms, "
                            + "%.1f ms at the highest load", below, top);
                }),
                Conclusion.of("Little's law holds at every utilization (within 10 %)", SaturationLevel.Row.class, r -> {
                    double worst = 0;
                    double at = 0;
                    for (SaturationLevel.Row row : r.all()) {
                        if (row.errorPct() > worst) {
                            worst = row.errorPct();
                            at = row.utilization();
                        }
                    }
                    return Conclusion.verdict(worst <= 10, worst == 0 ? "measured L equals lambda W at every level"
                            : "measured L is %.1f %% off lambda W at utilization %.2f", worst, at);
                }));
    }
}
