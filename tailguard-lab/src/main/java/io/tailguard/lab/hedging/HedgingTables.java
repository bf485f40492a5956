package io.tailguard.lab.hedging;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;

/** Thread-safe (stateless) CSV tables and charts of the hedging experiment. */
final class HedgingTables {

    /** Columns of {@code hedging-summary.csv}, pinned by its golden file. */
    static final String[] SUMMARY_HEADER = {"scenario", "policy", "attempts", "delay", "budget_pct",
        "requests", "hedged_pct", "extra_load_pct", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p999_ms"};

    /** Columns of {@code hedging-outcomes.csv}: what the summary's fixed columns leave out. */
    static final String[] OUTCOMES_HEADER = {"scenario", "policy", "attempts", "delay", "budget_pct",
        "timeout_pct", "over_50ms_pct", "backend_utilization_pct"};

    private HedgingTables() {
    }

    /** The summary table, one row per policy and scenario. */
    static CsvTable summary(List<HedgingResult> results) {
        return CsvTable.of("Hedging summary", "hedging-summary.csv", List.of(SUMMARY_HEADER),
                results.stream().<CsvRow>map(r -> () -> joined(key(r.row()), Cells.row(
                        "%d,%.2f,%.2f,%.1f,%.1f,%.1f,%.1f,%.1f", r.requests(), r.hedgedPct(), r.extraLoadPct(), r.p50Ms(),
                        r.p90Ms(), r.p95Ms(), r.p99Ms(), r.p999Ms()))).toList());
    }

    /**
     * Timeouts, calls that missed the published article's 50 ms limit (slower, or timed out), and the busy share
     * of the saturated station's workers (empty for unlimited capacity).
     */
    static CsvTable outcomes(List<HedgingResult> results) {
        return CsvTable.of("Hedging outcomes", "hedging-outcomes.csv", List.of(OUTCOMES_HEADER),
                results.stream().<CsvRow>map(r -> () -> joined(key(r.row()), Cells.row("%.2f,%.2f,%s",
                        r.timeoutPct(), r.slaMissPct(), Double.isNaN(r.utilizationPct()) ? ""
                                : String.format(Locale.ROOT, "%.1f", r.utilizationPct())))).toList());
    }

    private static List<String> joined(List<String> first, List<String> then) {
        List<String> cells = new ArrayList<>(first);
        cells.addAll(then);
        return cells;
    }

    /** One chart per scenario: latency against percentile, both on log scales. */
    static List<ChartArtifact> charts(List<HedgingResult> results) {
        List<ChartArtifact> charts = new ArrayList<>();
        for (HedgingScenario scenario : HedgingScenario.ALL) {
            List<Double> nines = new ArrayList<>();
            for (double percentile : HedgingResult.CURVE_PERCENTILES) {
                nines.add(-Math.log10(1.0 - percentile / 100.0));
            }
            Map<String, List<? extends Number>> series = new LinkedHashMap<>();
            for (HedgingResult r : results) {
                if (r.row().scenario().equals(scenario)) {
                    series.put(label(r.row()), r.curveMs());
                }
            }
            XYChart chart = Charts.lines("Latency by percentile, " + scenario.label() + " scenario",
                    "percentile, in nines (1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99)", "latency (ms, log)",
                    nines, series);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
            charts.add(new ChartArtifact("Latency percentiles, " + scenario.label() + " scenario",
                    "hedging-percentiles-" + scenario.label() + ".png", chart));
        }
        return charts;
    }

    /** A short name for a row, for chart legends and findings. */
    static String label(HedgingRow row) {
        if (row.policy() == null) {
            return "none";
        }
        String label = row.policyName() + " " + row.attempts() + "x " + row.delayLabel();
        return row.budgetPct() == 0 ? label : label + " budget " + row.budgetPct() + "%";
    }

    private static List<String> key(HedgingRow row) {
        return List.of(row.scenario().label(), row.policyName(), Integer.toString(row.attempts()),
                row.delayLabel(), row.budgetPct() == 0 ? "" : Integer.toString(row.budgetPct()));
    }
}
