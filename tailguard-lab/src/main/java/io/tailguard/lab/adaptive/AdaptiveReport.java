package io.tailguard.lab.adaptive;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;

/** Thread-safe (stateless) tables and charts of the adaptive experiment. */
final class AdaptiveReport {

    static final String SUMMARY_FILE = "adaptive-summary.csv";
    static final String LIMITS_FILE = "adaptive-limits.csv";
    private static final int MAX_POINTS = 300;

    private AdaptiveReport() {
    }

    static CsvTable summary(List<AdaptiveRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Summary per scenario and limiter", SUMMARY_FILE,
                "scenario", "limiter", "goodput_rps", "p99_ms", "p999_ms", "shed_pct", "recovery_ms",
                "limit_min", "limit_max");
        for (AdaptiveRow row : rows) {
            table.row(row.scenario(), row.limiter(), fmt(row.goodputRps()), Long.toString(row.p99Millis()),
                    Long.toString(row.p999Millis()), fmt(row.shedPct()),
                    row.recoveryMillis() < 0 ? "" : Long.toString(row.recoveryMillis()),
                    Integer.toString(row.limitMin()), Integer.toString(row.limitMax()));
        }
        return table.build();
    }

    /** The limit and window p99 over time, at most {@value #MAX_POINTS} points per row. */
    static CsvTable limits(List<AdaptiveRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Limit and p99 over time", LIMITS_FILE,
                "scenario", "limiter", "t_s", "limit", "window_p99_ms");
        for (AdaptiveRow row : rows) {
            int step = step(row.windowLimit().length);
            for (int i = 0; i < row.windowLimit().length; i += step) {
                table.row(row.scenario(), row.limiter(), fmt(seconds(i + 1)),
                        Integer.toString(row.windowLimit()[i]), Long.toString(row.windowP99()[i]));
            }
        }
        return table.build();
    }

    /** Two charts per scenario: the limit over time and the p99 of each window over time. */
    static List<ChartArtifact> charts(List<AdaptiveRow> rows) {
        Map<String, List<AdaptiveRow>> byScenario = new LinkedHashMap<>();
        rows.forEach(row -> byScenario.computeIfAbsent(row.scenario(), s -> new ArrayList<>()).add(row));
        List<ChartArtifact> charts = new ArrayList<>();
        byScenario.forEach((scenario, scenarioRows) -> {
            int length = scenarioRows.get(0).windowLimit().length;
            int step = step(length);
            List<Double> x = new ArrayList<>();
            for (int i = 0; i < length; i += step) {
                x.add(seconds(i + 1));
            }
            Map<String, List<? extends Number>> limits = new LinkedHashMap<>();
            Map<String, List<? extends Number>> p99 = new LinkedHashMap<>();
            for (AdaptiveRow row : scenarioRows) {
                List<Integer> limit = new ArrayList<>();
                List<Long> latency = new ArrayList<>();
                for (int i = 0; i < length; i += step) {
                    limit.add(row.windowLimit()[i]);
                    latency.add(Math.max(1L, row.windowP99()[i]));
                }
                limits.put(row.limiter(), limit);
                p99.put(row.limiter(), latency);
            }
            charts.add(new ChartArtifact("Limit over time, " + scenario + " (the lease's is requests per 100 ms)",
                    "adaptive-" + scenario + "-limit.png",
                    Charts.lines("Limit, " + scenario, "second", "limit", x, limits)));
            XYChart latency = Charts.lines("p99 of each 100 ms window, " + scenario + " (log scale)", "second",
                    "ms", x, p99);
            latency.getStyler().setYAxisLogarithmic(true);
            charts.add(new ChartArtifact("p99 latency of successes over time, " + scenario,
                    "adaptive-" + scenario + "-latency.png", latency));
        });
        return charts;
    }

    private static int step(int length) {
        return Math.max(1, (length + MAX_POINTS - 1) / MAX_POINTS);
    }

    private static double seconds(int windows) {
        return windows * (AdaptiveModel.WINDOW_NANOS / 1e9);
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
