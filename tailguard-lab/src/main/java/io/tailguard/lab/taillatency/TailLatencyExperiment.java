package io.tailguard.lab.taillatency;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.latencyseries.PublishedFlags;
import io.tailguard.lab.latencyseries.WholeSecondsRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) tail-latency experiment (the published lab's post 1): the same seeded
 * latency stream served one call per request and as a fan-out of five, whose latency is the slowest
 * call. With the golden arguments it reproduces the published two CSVs byte for byte.
 */
public final class TailLatencyExperiment extends SpecExperiment {

    /** Most latency draws one run may make, to keep a run within seconds. */
    static final long MAX_DRAWS = 50_000_000L;
    static final int FAN_OUT = 5;

    private static final ExperimentSpec SPEC = PublishedFlags.spec("tail-latency",
            "Tail latency and fan-out amplification",
            "One call per request versus the slowest of five: how a 1 % tail becomes the fan-out's p99.",
            PublishedFlags.wholeSeconds(
                LabOption.seed(42, "Seed of the latency stream; both scenarios start from it (published: 42).")),
            publishedConclusions(),
            "lab tail-latency --deterministic --duration 5s --concurrency 10 --snapshot-interval 1s",
            "lab tail-latency --seed 7 --duration 30s",
            "lab tail-latency --seeds 10");

    /** Creates the experiment. */
    public TailLatencyExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        WholeSecondsRun run = WholeSecondsRun.of(args);
        run.requireAtMost(1 + FAN_OUT, MAX_DRAWS, "latency draws");
        long seed = args.longValue(LabOption.SEED);
        progress.begin("lab tail-latency", 2);
        TailLatencyModel.Outcome base = TailLatencyModel.run("Baseline", "tail-latency-baseline.csv", 1, run, seed);
        progress.step("baseline");
        TailLatencyModel.Outcome fan = TailLatencyModel.run("Tail amplification",
                "tail-latency-tail-amplification.csv", FAN_OUT, run, seed);
        progress.step("fan-out " + FAN_OUT);
        progress.end();

        List<ScenarioRow> rows = List.of(ScenarioRow.of("baseline", base), ScenarioRow.of("fan-out-" + FAN_OUT, fan));
        CsvTable summary = CsvTable.of("Whole run", "tail-latency-summary.csv", ScenarioRow.HEADER, rows);
        LabResult.Builder result = LabResult.builder(String.format(Locale.ROOT,
                        "%s: %d requests/s for %d s, fan-out %d, seed %d", title(), run.rps(), run.seconds(), FAN_OUT, seed))
                .table(base.snapshots())
                .table(fan.snapshots())
                .printedTable(summary)
                .records(rows)
                .seedSummary(summary, "p99_ms")
                .finding(TailLatencyFindings.describe(base, fan, FAN_OUT))
                .seed(seed);
        charts(base, fan).forEach(result::chart);
        return result.build();
    }

    private static List<ChartArtifact> charts(TailLatencyModel.Outcome base, TailLatencyModel.Outcome fan) {
        List<Long> x = new ArrayList<>();
        for (List<String> row : base.snapshots().rows()) {
            x.add(Long.parseLong(row.get(1)));
        }
        Map<String, List<? extends Number>> p99 = new LinkedHashMap<>();
        p99.put("one call p99", base.intervalP99());
        p99.put("fan-out " + FAN_OUT + " p99", fan.intervalP99());
        return List.of(new ChartArtifact("p99 per interval", "tail-latency-comparison.png",
                Charts.lines("p99 per interval: one call vs the slowest of " + FAN_OUT, "elapsed s", "ms", x, p99)));
    }

    /**
     * The published article's conclusions: a fan-out of five raises the p99 in every interval, and
     * at the final interval by about an order of magnitude (published 34 → 597 ms, 17.6x).
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("a fan-out of 5 raises the p99 in every interval", ScenarioRow.class, r -> {
                    List<Long> single = intervals(r, "baseline");
                    List<Long> fanOut = intervals(r, "fan-out-" + FAN_OUT);
                    int raised = 0;
                    for (int i = 0; i < single.size(); i++) {
                        raised += fanOut.get(i) > single.get(i) ? 1 : 0;
                    }
                    return Conclusion.verdict(raised == single.size(), "raised in %d of %d intervals", raised,
                            single.size());
                }),
                Conclusion.of("at the last interval the fan-out's p99 is 10x a single call's or more", ScenarioRow.class,
                        r -> {
                    List<Long> single = intervals(r, "baseline");
                    List<Long> fanOut = intervals(r, "fan-out-" + FAN_OUT);
                    double s = single.get(single.size() - 1);
                    double f = fanOut.get(fanOut.size() - 1);
                    return Conclusion.verdict(f >= 10 * s, "%.0f vs %.0f ms, %.1fx", f, s, f / s);
                }));
    }

    private static List<Long> intervals(Rows<ScenarioRow> rows, String scenario) {
        return rows.first(s -> s.scenario().equals(scenario), "scenario " + scenario).intervalP99Ms();
    }
}
