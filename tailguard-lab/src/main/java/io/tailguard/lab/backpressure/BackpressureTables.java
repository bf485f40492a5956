package io.tailguard.lab.backpressure;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) the published CSV layouts of the outcomes (typed rows, same headers and
 * number formats) and their charts.
 */
final class BackpressureTables {

    static final String SUMMARY_FILE = "backpressure-summary.csv";
    static final String SNAPSHOTS_FILE = "backpressure-snapshots.csv";
    static final String OVERLOAD_FILE = "backpressure-overload.csv";

    private BackpressureTables() {
    }

    /** The published summary: one row per strategy. */
    static CsvTable summary(List<StrategyOutcome> outcomes) {
        return CsvTable.of("Summary", SUMMARY_FILE, StrategyOutcome.HEADER, outcomes);
    }

    /** The published snapshots: one row per strategy and window, strategy-major. */
    static CsvTable snapshots(List<StrategyOutcome> outcomes) {
        return CsvTable.of("Snapshots", SNAPSHOTS_FILE, List.of("strategy", "elapsed_s", "accepted", "rejected",
                "throughput_rps", "p50_ms", "p99_ms", "max_buffered"),
                outcomes.stream().flatMap(o -> o.snapshotRows().stream()).toList());
    }

    /** Sustained against transient overload for every strategy, same arrivals and seed. */
    static CsvTable overload(List<StrategyOutcome> sustained, List<StrategyOutcome> transientOutcomes) {
        List<String> header = new ArrayList<>(List.of("overload"));
        header.addAll(StrategyOutcome.HEADER);
        List<CsvRow> rows = new ArrayList<>();
        sustained.forEach(o -> rows.add(() -> prefixed("sustained", o)));
        transientOutcomes.forEach(o -> rows.add(() -> prefixed("transient", o)));
        return CsvTable.of("Sustained vs transient overload", OVERLOAD_FILE, header, rows);
    }

    private static List<String> prefixed(String overload, StrategyOutcome o) {
        List<String> cells = new ArrayList<>(List.of(overload));
        cells.addAll(o.cells());
        return cells;
    }

    /** Charts: acceptance and latency by strategy, throughput and p99 per window, overload comparison. */
    static List<ChartArtifact> charts(List<StrategyOutcome> outcomes, List<StrategyOutcome> sustained,
                                      List<StrategyOutcome> transientOutcomes, String traffic) {
        List<String> names = new ArrayList<>();
        List<Long> accepted = new ArrayList<>();
        List<Long> rejected = new ArrayList<>();
        List<Long> p50 = new ArrayList<>();
        List<Long> p99 = new ArrayList<>();
        for (StrategyOutcome o : outcomes) {
            names.add(o.strategy().label());
            accepted.add(o.accepted());
            rejected.add(o.rejected());
            p50.add(o.p50Millis());
            p99.add(o.p99Millis());
        }
        List<ChartArtifact> charts = new ArrayList<>();
        charts.add(new ChartArtifact("Accepted and rejected requests by strategy (" + traffic + ")",
                "backpressure-acceptance.png", Charts.bars("Acceptance by strategy", "strategy", "requests",
                        names, series("accepted", accepted, "rejected", rejected))));
        charts.add(new ChartArtifact("Latency of accepted requests by strategy",
                "backpressure-latency.png", Charts.bars("Latency by strategy", "strategy", "ms",
                        names, series("p50", p50, "p99", p99))));
        charts.add(perWindow(outcomes, "Accepted per second, snapshot by snapshot", "requests/s",
                "backpressure-throughput.png", true));
        charts.add(perWindow(outcomes, "p99 latency, snapshot by snapshot", "ms", "backpressure-p99.png", false));
        List<String> all = new ArrayList<>();
        List<Double> sus = new ArrayList<>();
        List<Double> tra = new ArrayList<>();
        for (int i = 0; i < sustained.size(); i++) {
            all.add(sustained.get(i).strategy().label());
            sus.add(sustained.get(i).acceptancePct());
            tra.add(transientOutcomes.get(i).acceptancePct());
        }
        charts.add(new ChartArtifact("Acceptance under sustained and transient overload, same arrivals",
                "backpressure-overload.png", Charts.bars("Acceptance: sustained vs transient overload",
                        "strategy", "accepted %", all, series("sustained", sus, "transient", tra))));
        return charts;
    }

    private static ChartArtifact perWindow(List<StrategyOutcome> outcomes, String title, String yTitle,
                                           String file,
                                           boolean throughput) {
        List<Double> x = new ArrayList<>();
        if (!outcomes.isEmpty()) {
            for (StrategyOutcome.Snapshot s : outcomes.get(0).snapshots()) {
                x.add(s.endSeconds());
            }
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        for (StrategyOutcome o : outcomes) {
            List<Double> y = new ArrayList<>();
            for (StrategyOutcome.Snapshot s : o.snapshots()) {
                y.add(throughput ? s.throughput() : (double) s.p99Millis());
            }
            series.put(o.strategy().label(), y);
        }
        return new ChartArtifact(title, file,
                Charts.lines(title, "simulated time at the end of the snapshot (s)", yTitle, x, series));
    }

    private static Map<String, List<? extends Number>> series(String a, List<? extends Number> av,
                                                              String b, List<? extends Number> bv) {
        Map<String, List<? extends Number>> m = new LinkedHashMap<>();
        m.put(a, av);
        m.put(b, bv);
        return m;
    }
}
