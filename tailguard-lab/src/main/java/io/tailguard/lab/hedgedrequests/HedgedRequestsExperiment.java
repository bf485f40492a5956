package io.tailguard.lab.hedgedrequests;

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
import io.tailguard.lab.latencyseries.PublishedFlags;
import io.tailguard.lab.latencyseries.WholeSecondsRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) hedged-requests experiment (the published lab's post 3): every request
 * through the core {@code Hedger} on the simulator's scheduler, hedging after the p90, p95 or p99
 * of first-attempt latency. With the golden arguments it reproduces the published three CSVs byte
 * for byte; {@code --hedge-delay rolling} lets the core learn the percentile as calls end instead
 * of knowing it in advance.
 */
public final class HedgedRequestsExperiment extends SpecExperiment {

    /** Most requests one run may simulate (four runs of them), to keep a run within seconds. */
    static final long MAX_REQUESTS = 2_000_000L;
    /** The second stream's seed is the first's plus this: 42 and 4242, as published. */
    static final long SECONDARY_SEED_OFFSET = 4200;

    static final String THRESHOLD = "--hedge-threshold";
    static final String DELAY = "--hedge-delay";

    private static final ExperimentSpec SPEC = PublishedFlags.spec("hedged-requests",
            "Hedged requests and speculative execution",
            "A second attempt after the p90/p95/p99 of latency: how much tail it removes, and its extra load.",
            PublishedFlags.wholeSeconds(
                LabOption.choice(THRESHOLD, "p95", List.of("p90", "p95", "p99"),
                        "Which hedged run is written as a snapshot CSV; the cost table has all three."),
                LabOption.choice(DELAY, "in-sample", List.of("in-sample", "rolling"), "in-sample: the "
                        + "percentile of this run's own first attempts, fixed (published); rolling: the core "
                        + "hedger's percentile of the last 1000 calls, learned as calls end."),
                LabOption.seed(42, "Seed of the first-attempt stream; the second attempts use seed + 4200 "
                        + "(published: 42 and 4242).")),
            publishedConclusions(),
            "lab hedged-requests --deterministic --duration 5s --concurrency 10 --hedge-threshold p95",
            "lab hedged-requests --hedge-delay rolling",
            "lab hedged-requests --seeds 10");

    /** Creates the experiment. */
    public HedgedRequestsExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        WholeSecondsRun run = WholeSecondsRun.of(args);
        run.requireAtMost(1, MAX_REQUESTS, "requests");
        long seed = args.longValue(LabOption.SEED);
        HedgedRequestsModel.Threshold selected = HedgedRequestsModel.Threshold.valueOf(
                args.choice(THRESHOLD).toUpperCase(Locale.ROOT));
        HedgedRequestsModel.DelayMode mode = HedgedRequestsModel.DelayMode.valueOf(
                args.choice(DELAY).toUpperCase(Locale.ROOT).replace('-', '_'));

        progress.begin("lab hedged-requests", 1 + HedgedRequestsModel.Threshold.values().length);
        HedgedRequestsModel model = new HedgedRequestsModel(run, seed, seed + SECONDARY_SEED_OFFSET);
        HedgedRequestsModel.Hedged baseline = model.baseline("hedged-requests-baseline.csv");
        progress.step("baseline");
        List<HedgedRequestsModel.Hedged> runs = new ArrayList<>();
        for (HedgedRequestsModel.Threshold t : HedgedRequestsModel.Threshold.values()) {
            runs.add(model.hedged(t, mode, "hedged-requests-hedged-" + t.label() + ".csv"));
            progress.step("hedge at " + t.label());
        }
        progress.end();
        HedgedRequestsModel.Hedged chosen = runs.get(selected.ordinal());
        List<CostRow> costRows = costRows(baseline, runs);
        CsvTable cost = CsvTable.of("Cost table", "hedged-requests-cost-table.csv", CostRow.HEADER, costRows);
        LabResult.Builder result = LabResult.builder(String.format(Locale.ROOT,
                        "%s: %d requests/s for %d s, %s delay, seed %d", title(), run.rps(), run.seconds(), args.choice(DELAY), seed))
                .table(baseline.snapshots())
                .table(chosen.snapshots())
                .printedTable(cost)
                .records(costRows)
                .seedSummary(cost, "p99_improvement_pct", "extra_load_pct")
                .finding(HedgedRequestsFindings.describe(baseline, runs, mode))
                .seed(seed);
        charts(baseline, chosen, costRows).forEach(result::chart);
        return result.build();
    }

    static List<CostRow> costRows(HedgedRequestsModel.Hedged baseline, List<HedgedRequestsModel.Hedged> runs) {
        return runs.stream().map(h -> CostRow.of(baseline, h)).toList();
    }

    private static List<ChartArtifact> charts(HedgedRequestsModel.Hedged baseline, HedgedRequestsModel.Hedged chosen,
                                              List<CostRow> costRows) {
        List<Long> x = new ArrayList<>();
        for (List<String> row : baseline.snapshots().rows()) {
            x.add(Long.parseLong(row.get(1)));
        }
        Map<String, List<? extends Number>> p99 = new LinkedHashMap<>();
        p99.put("no hedge p99", baseline.p99s());
        p99.put("hedged at " + chosen.threshold().label() + " p99", chosen.p99s());
        List<String> labels = costRows.stream().map(CostRow::threshold).toList();
        Map<String, List<? extends Number>> bars = ChartSeries.of(costRows, "p99 improvement %",
                CostRow::improvementPct, "extra load %", CostRow::extraLoadPct);
        return List.of(
                new ChartArtifact("Latency comparison", "hedged-requests-latency-comparison.png",
                        Charts.lines("p99 per interval, with and without hedging", "elapsed s", "ms", x, p99)),
                new ChartArtifact("Cost table", "hedged-requests-cost-table.png",
                        Charts.bars("What each threshold buys and costs", "threshold", "%", labels, bars)));
    }

    /**
     * The published article's conclusions: hedging at the p95 threshold cuts the p99 by more than
     * half for under 5 % extra attempts, and hedging at p99 buys nothing.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("a p95 hedge more than halves p99 for under 5 % extra load", CostRow.class, r -> {
                    CostRow p95 = r.first(c -> c.threshold().equals("p95"), "threshold p95");
                    double cut = p95.improvementPct();
                    double load = p95.extraLoadPct();
                    return Conclusion.verdict(cut > 50 && load < 5, "p99 %.1f %% lower for %.1f %% extra load",
                            cut, load);
                }),
                Conclusion.of("a p99 hedge does not improve p99", CostRow.class, r -> {
                    double cut = r.first(c -> c.threshold().equals("p99"), "threshold p99").improvementPct();
                    return Conclusion.verdict(cut < 5, "p99 %.1f %% lower", cut);
                }));
    }
}
