package io.tailguard.cli.plan;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.ConfidenceInterval;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Thread-safe (stateless): the plan's rows as the lab's CSV tables and charts. */
final class PlanTables {

    static final String[] PLAN_HEADER = {"config", "pool", "load_x", "offered_rps", "goodput_rps", "rejected_rps",
        "p50_ms", "p99_ms", "p999_ms", "wasted_backend_s"};

    private PlanTables() {
    }

    static CsvTable plan(List<PlanRow> rows) {
        CsvTable.Builder table = CsvTable.builder("The plan: what the configuration does at each load", "plan.csv",
                PLAN_HEADER);
        for (PlanRow r : rows) {
            table.row(r.config(), r.pool(), f3(r.loadX()), f3(r.offeredRps()), f3(r.goodputRps()), f3(r.rejectedRps()),
                    f3(r.p50Millis()), f3(r.p99Millis()), f3(r.p999Millis()), f3(r.wastedSeconds()));
        }
        return table.build();
    }

    static CsvTable rejections(List<PlanRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Answers other than goodput, by the proxy's reason names",
                "plan-rejections.csv", "config", "pool", "load_x", "reason", "rps");
        for (PlanRow r : rows) {
            for (Map.Entry<String, Double> e : r.outcomesRps().entrySet()) {
                if (e.getValue() > 0) {
                    table.row(r.config(), r.pool(), f3(r.loadX()), e.getKey(), f3(e.getValue()));
                }
            }
        }
        return table.build();
    }

    /** The table printed on the terminal, a row per configuration, pool and load. */
    static CsvTable summary(List<PlanRow> rows) {
        CsvTable.Builder table = CsvTable.builder("The plan, as printed", "plan-summary.csv", "config", "pool", "load",
                "offered/s", "goodput/s", "rejected/s", "p50 ms", "p99 ms", "p99.9 ms", "wasted backend s");
        for (PlanRow r : rows) {
            table.row(r.config(), r.pool(), r.load().label(), f1(r.offeredRps()), f1(r.goodputRps()),
                    f1(r.rejectedRps()), f1(r.p50Millis()), f1(r.p99Millis()), f1(r.p999Millis()),
                    f1(r.wastedSeconds()));
        }
        return table.build();
    }

    /** Goodput and p99 across seeds: mean and 95 % half-width, a row per configuration, pool and load. */
    static CsvTable intervals(List<List<PlanRow>> perSeed) {
        CsvTable.Builder table = CsvTable.builder("Goodput and p99 across seeds (mean and 95 % interval half-width)",
                "plan-intervals.csv", "config", "pool", "load_x", "seeds", "goodput_rps_mean", "goodput_rps_ci95",
                "p99_ms_mean", "p99_ms_ci95");
        List<PlanRow> first = perSeed.get(0);
        for (int i = 0; i < first.size(); i++) {
            double[] goodput = new double[perSeed.size()];
            double[] p99 = new double[perSeed.size()];
            for (int s = 0; s < perSeed.size(); s++) {
                goodput[s] = perSeed.get(s).get(i).goodputRps();
                p99[s] = perSeed.get(s).get(i).p99Millis();
            }
            ConfidenceInterval g = ConfidenceInterval.of(goodput);
            ConfidenceInterval p = ConfidenceInterval.of(p99);
            PlanRow r = first.get(i);
            table.row(r.config(), r.pool(), f3(r.loadX()), Integer.toString(perSeed.size()), f3(g.mean()),
                    f3(g.halfWidth()), f3(p.mean()), f3(p.halfWidth()));
        }
        return table.build();
    }

    /** Goodput (or p99) against load, one line per configuration and pool. */
    static ChartArtifact chart(List<PlanRow> rows, boolean goodput) {
        Map<String, List<PlanRow>> series = new LinkedHashMap<>();
        for (PlanRow r : rows) {
            series.computeIfAbsent(r.config() + " " + r.pool(), key -> new ArrayList<>()).add(r);
        }
        List<Double> x = series.values().iterator().next().stream().map(PlanRow::loadX).toList();
        Map<String, List<? extends Number>> lines = new LinkedHashMap<>();
        series.forEach((name, list) -> lines.put(name, list.stream()
                .map(r -> goodput ? r.goodputRps() : (Double.isNaN(r.p99Millis()) ? null : r.p99Millis())).toList()));
        return goodput
                ? new ChartArtifact("Goodput (2xx within the client's patience) against load", "plan-goodput.png",
                        Charts.lines("Goodput against load", "load (x capacity)", "goodput (requests/s)", x, lines))
                : new ChartArtifact("p99 latency of goodput against load", "plan-p99.png",
                        Charts.lines("p99 against load", "load (x capacity)", "p99 (ms)", x, lines));
    }

    static String f3(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }

    static String f1(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }
}
