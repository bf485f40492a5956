package io.tailguard.lab.live.planlive;

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

/** Thread-safe (stateless): the CSV and charts of a {@code lab plan-vs-live} run. */
final class GapTables {

    static final String[] HEADER = {"scenario", "load_x", "offered_rps", "live_offered_rps", "plan_offered_rps",
        "live_goodput_rps", "plan_goodput_rps", "goodput_gap_pct", "live_p99_ms", "plan_p99_ms", "p99_gap_ms",
        "plan_p99_low_ms", "plan_p99_high_ms",
        "live_rejected_rps", "plan_rejected_rps", "live_gone_rps", "plan_gone_rps", "live_error_rps",
        "backend_service_ms", "backend_late_ms", "backend_idle_ms", "within_target"};

    private GapTables() {
    }

    /** One row per scenario and load: {@code plan-vs-live.csv}. */
    static CsvTable table(List<GapRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Live and planned goodput, p99 of goodput and rejections, with the "
                + "gaps (plan - live; the plan at the live offered rate, the median of its seeds)", "plan-vs-live.csv",
                HEADER);
        for (GapRow r : rows) {
            table.row(r.scenario(), loadX(r.loadX()), number(r.offeredRps()), number(r.liveOffered()),
                    number(r.planOffered()), number(r.liveGoodput()), number(r.planGoodput()),
                    number(r.goodputGapPercent()), number(r.liveP99()), number(r.planP99()), number(r.p99GapMillis()),
                    number(r.planP99Low()), number(r.planP99High()), number(r.liveRejected()),
                    number(r.planRejected()), number(r.liveGone()), number(r.planGone()), number(r.liveErrors()),
                    number(r.backendServiceMs()), number(r.backendLateMs()), number(r.backendIdleMs()),
                    r.goodputMet() && r.p99Met() ? "yes" : "no");
        }
        return table.build();
    }

    /** Goodput as a multiple of capacity, and p99 of goodput, against load: live and plan per scenario. */
    static List<ChartArtifact> charts(List<GapRow> rows, List<Double> loads, Map<String, Double> capacities) {
        List<ChartArtifact> charts = new ArrayList<>();
        charts.add(new ChartArtifact("Goodput as a multiple of capacity against load, live and planned",
                "plan-vs-live-goodput.png", Charts.lines("Goodput, live and plan", "load (x capacity)",
                        "goodput (x capacity)", loads,
                        series(rows, loads, r -> r.liveGoodput() / capacities.get(r.scenario()),
                                r -> r.planGoodput() / capacities.get(r.scenario())))));
        charts.add(new ChartArtifact("p99 of goodput against load, live and planned (gaps: no goodput)",
                "plan-vs-live-p99.png", Charts.lines("p99 of goodput, live and plan", "load (x capacity)", "p99 ms",
                        loads, series(rows, loads, GapRow::liveP99, GapRow::planP99))));
        return charts;
    }

    private static Map<String, List<? extends Number>> series(List<GapRow> rows, List<Double> loads,
                                                              ToDoubleFunction<GapRow> live,
                                                              ToDoubleFunction<GapRow> plan) {
        Map<String, List<Double>> byName = new LinkedHashMap<>();
        for (GapRow r : rows) {
            int at = loads.indexOf(r.loadX());
            put(byName, r.scenario() + " live", loads.size(), at, live.applyAsDouble(r));
            put(byName, r.scenario() + " plan", loads.size(), at, plan.applyAsDouble(r));
        }
        return new LinkedHashMap<>(byName);
    }

    private static void put(Map<String, List<Double>> byName, String name, int size, int at, double v) {
        List<Double> values = byName.computeIfAbsent(name, n -> {
            List<Double> empty = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                empty.add(null);
            }
            return empty;
        });
        if (at >= 0) {
            values.set(at, Double.isNaN(v) ? null : v);
        }
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
