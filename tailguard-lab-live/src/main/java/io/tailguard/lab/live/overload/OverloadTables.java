package io.tailguard.lab.live.overload;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;

/** Thread-safe (stateless) CSV table and charts of a {@code lab live-overload} run. */
final class OverloadTables {

    static final String[] HEADER = {"source", "setup", "load_x", "offered_rps", "capacity_rps", "goodput_rps",
        "p50_ms", "p99_ms", "shed_rps", "error_rps", "rss_mb"};

    private OverloadTables() {
    }

    /** One row per source, setup and load: {@code live-overload.csv}. */
    static CsvTable table(List<OverloadRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Goodput, latency of successes, shed and errors per offered load",
                "live-overload.csv", HEADER);
        for (OverloadRow r : rows) {
            table.row(r.source(), r.setup(), loadX(r.loadX()), Long.toString(r.offeredRps()), number(r.capacityRps()),
                    number(r.goodputRps()), number(r.p50Ms()), number(r.p99Ms()), number(r.shedRps()),
                    number(r.errorRps()), number(r.rssMb()));
        }
        return table.build();
    }

    /** Goodput and p99 of successes against offered load: every live setup and the simulated twin on each. */
    static List<ChartArtifact> charts(List<OverloadRow> rows, OverloadPlan plan) {
        List<ChartArtifact> charts = new ArrayList<>();
        List<Long> offered = plan.loads().stream().map(plan::offeredRps).toList();
        Map<String, List<? extends Number>> goodput = series(rows, offered, OverloadRow::goodputRps);
        goodput.put("capacity", offered.stream().map(o -> plan.capacityRps()).toList());
        charts.add(new ChartArtifact("Goodput (successes within the client timeout per second) against offered load",
                "live-overload-goodput.png",
                Charts.lines("Goodput vs offered load", "offered requests/s", "goodput requests/s", offered, goodput)));
        Map<String, List<? extends Number>> p99 = series(rows, offered, OverloadRow::p99Ms);
        p99.put("client timeout", offered.stream().map(o -> plan.clientTimeout().toNanos() / 1e6).toList());
        charts.add(new ChartArtifact("p99 latency of successes against offered load (gaps: no success)",
                "live-overload-p99.png",
                gaps(Charts.lines("p99 of successes vs offered load", "offered requests/s", "p99 ms", offered, p99))));
        return charts;
    }

    private static Map<String, List<? extends Number>> series(List<OverloadRow> rows, List<Long> offered,
                                                              ToDoubleFunction<OverloadRow> value) {
        Map<String, List<Double>> byName = new LinkedHashMap<>();
        for (OverloadRow r : rows) {
            String name = r.source().equals(OverloadRow.SIM) ? r.setup() + " (sim)" : r.setup();
            List<Double> values = byName.computeIfAbsent(name, n -> new ArrayList<>(nulls(offered.size())));
            int at = offered.indexOf(r.offeredRps());
            double v = value.applyAsDouble(r);
            if (at >= 0) {
                values.set(at, Double.isNaN(v) ? null : v);
            }
        }
        return new LinkedHashMap<>(byName);
    }

    private static List<Double> nulls(int n) {
        List<Double> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(null);
        }
        return list;
    }

    private static XYChart gaps(XYChart chart) {
        chart.getStyler().setYAxisLogarithmic(true);
        return chart;
    }

    /** {@code 0.5}, {@code 1}, {@code 10}: the load as typed. */
    static String loadX(double x) {
        return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** Three decimals; empty for NaN (nothing to report). */
    static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
