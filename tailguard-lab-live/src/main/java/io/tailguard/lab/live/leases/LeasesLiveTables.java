package io.tailguard.lab.live.leases;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;

/**
 * Thread-safe (stateless) tables and chart of {@code lab leases --live}: the live summary with the
 * simulated experiment's header, and each row live beside simulated with the gap.
 */
final class LeasesLiveTables {

    static final String SUMMARY_FILE = "leases-live-summary.csv";
    static final String GAP_FILE = "leases-live-vs-sim.csv";
    static final String[] HEADER = {"policy", "balancer", "leased_requests", "offered_rps", "accepted_rps",
        "rejected_rps", "p50_ms", "p99_ms", "p999_ms"};

    private LeasesLiveTables() {
    }

    /** {@code leases-live-summary.csv}: one row per live run, the header of {@code leases-summary.csv}. */
    static CsvTable summary(List<LiveResult> live) {
        CsvTable.Builder table = CsvTable.builder("Live over loopback (rates over the measured time)", SUMMARY_FILE,
                HEADER);
        for (LiveResult r : live) {
            LeaseRow row = r.row();
            table.row(row.policy().label, row.balancer().label, row.leasedCell(), rate(r.offeredRps()), rate(r.acceptedRps()),
                    rate(r.rejectedRps()), ms(r.p50Ms()), ms(r.p99Ms()), ms(r.p999Ms()));
        }
        return table.build();
    }

    /** {@code leases-live-vs-sim.csv}: each row's live and simulated figures and the gap between them. */
    static CsvTable gaps(List<LiveResult> live, Map<String, SimRow> sim) {
        CsvTable.Builder table = CsvTable.builder("Live beside simulated, and the gap (live - simulated)", GAP_FILE,
                "policy", "balancer", "leased_requests", "accepted_rps_live", "accepted_rps_sim", "accepted_gap_pct",
                "rejected_rps_live", "rejected_rps_sim", "rejected_gap_pct", "p99_ms_live", "p99_ms_sim",
                "p99_gap_ms");
        for (LiveResult r : live) {
            LeaseRow row = r.row();
            SimRow s = sim.get(row.key());
            double simAccepted = s == null ? Double.NaN : s.acceptedRps();
            double simRejected = s == null ? Double.NaN : s.rejectedRps();
            double simP99 = s == null ? Double.NaN : s.p99Ms();
            table.row(row.policy().label, row.balancer().label, row.leasedCell(), rate(r.acceptedRps()), rate(simAccepted),
                    pct(r.acceptedRps(), simAccepted), rate(r.rejectedRps()), rate(simRejected),
                    pct(r.rejectedRps(), simRejected), ms(r.p99Ms()), ms(simP99), ms(r.p99Ms() - simP99));
        }
        return table.build();
    }

    /**
     * One chart, both sources: p99 of the accepted requests per row (numbered in table order, log
     * scale), live and simulated.
     */
    static ChartArtifact chart(List<LiveResult> live, Map<String, SimRow> sim) {
        List<Integer> numbers = new ArrayList<>();
        List<Double> livePoints = new ArrayList<>();
        List<Double> simPoints = new ArrayList<>();
        StringBuilder legend = new StringBuilder();
        for (LiveResult r : live) {
            numbers.add(numbers.size() + 1);
            livePoints.add(point(r.p99Ms()));
            SimRow s = sim.get(r.row().key());
            simPoints.add(point(s == null ? Double.NaN : s.p99Ms()));
            legend.append(legend.length() == 0 ? "" : ", ").append(numbers.size()).append(": ").append(r.row().label());
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("live (loopback)", livePoints);
        series.put("simulated", simPoints);
        XYChart chart = Charts.lines("p99 of accepted requests, live and simulated", "row", "p99 ms (log)", numbers,
                series);
        chart.getStyler().setYAxisLogarithmic(true);
        return new ChartArtifact("p99 latency of the accepted requests per row (" + legend
                + "), measured over loopback and simulated", "leases-live-p99.png", chart);
    }

    private static Double point(double ms) {
        // a log axis cannot show 0: a missing or zero figure is left out
        return Double.isNaN(ms) || ms <= 0 ? null : ms;
    }

    static String rate(double perSecond) {
        return Double.isNaN(perSecond) ? "" : String.format(Locale.ROOT, "%.1f", perSecond);
    }

    static String ms(double millis) {
        return Double.isNaN(millis) ? "" : String.format(Locale.ROOT, "%.1f", millis);
    }

    private static String pct(double live, double sim) {
        if (Double.isNaN(live) || Double.isNaN(sim) || sim == 0.0) {
            return "";
        }
        return String.format(Locale.ROOT, "%+.1f", 100.0 * (live - sim) / sim);
    }
}
