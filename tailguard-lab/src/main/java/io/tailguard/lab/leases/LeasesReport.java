package io.tailguard.lab.leases;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.LabResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;

/** Thread-safe (stateless) builder of the leases experiment's tables, charts and findings. */
final class LeasesReport {

    static final String SUMMARY_FILE = "leases-summary.csv";
    static final String SERVERS_FILE = "leases-servers.csv";
    static final String SNAPSHOTS_FILE = "leases-snapshots.csv";

    private LeasesReport() {
    }

    static LabResult build(String title, List<LeasesRow> rows, long seed) {
        LabResult.Builder result = LabResult.builder(title)
                .printedTable(summary(rows))
                .printedTable(servers(rows))
                .table(snapshots(rows))
                .chart(latencyChart(rows))
                .chart(rateChart(rows))
                .seed(seed);
        LeasesRow adaptive = firstAdaptive(rows);
        if (adaptive != null) {
            result.chart(grantChart(adaptive));
        }
        for (String finding : findings(rows)) {
            result.finding(finding);
        }
        return result.build();
    }

    static CsvTable summary(List<LeasesRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Summary (rates after the first second)", SUMMARY_FILE,
                "policy", "balancer", "leased_requests", "offered_rps", "accepted_rps", "rejected_rps",
                "p50_ms", "p99_ms", "p999_ms");
        for (LeasesRow row : rows) {
            LeasesScenario s = row.scenario();
            table.row(s.policy(), s.balancer(), s.leasedCell(), Integer.toString(LeasesModel.OFFERED_RPS),
                    rate(row.acceptedRps()), rate(row.rejectedRps()), Long.toString(row.p50Millis()),
                    Long.toString(row.p99Millis()), Long.toString(row.p999Millis()));
        }
        return table.build();
    }

    static CsvTable servers(List<LeasesRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Per server", SERVERS_FILE,
                "policy", "balancer", "leased_requests", "server", "accepted_rps", "rejected_rps", "p99_ms");
        for (LeasesRow row : rows) {
            LeasesScenario s = row.scenario();
            for (LeasesRow.ServerResult server : row.servers()) {
                table.row(s.policy(), s.balancer(), s.leasedCell(), Integer.toString(server.server()),
                        rate(server.acceptedRps()), rate(server.rejectedRps()), Long.toString(server.p99Millis()));
            }
        }
        return table.build();
    }

    static CsvTable snapshots(List<LeasesRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Per second and server", SNAPSHOTS_FILE,
                "policy", "balancer", "leased_requests", "second", "server", "lease_allowed", "accepted",
                "rejected", "p99_ms");
        for (LeasesRow row : rows) {
            LeasesScenario s = row.scenario();
            for (LeasesRow.Snapshot snap : row.seconds()) {
                table.row(s.policy(), s.balancer(), s.leasedCell(), Integer.toString(snap.second()),
                        Integer.toString(snap.server()), Integer.toString(snap.leasedRequests()),
                        Long.toString(snap.accepted()), Long.toString(snap.rejected()),
                        snap.p99Millis() < 0 ? "" : Long.toString(snap.p99Millis()));
            }
        }
        return table.build();
    }

    private static ChartArtifact latencyChart(List<LeasesRow> rows) {
        List<String> labels = labels(rows);
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        List<Long> p50 = new ArrayList<>();
        List<Long> p99 = new ArrayList<>();
        for (LeasesRow row : rows) {
            p50.add(Math.max(1L, row.p50Millis()));
            p99.add(Math.max(1L, row.p99Millis()));
        }
        series.put("p50", p50);
        series.put("p99", p99);
        CategoryChart chart = Charts.bars("Latency of accepted requests (log scale; 0 ms drawn as 1)", "row",
                "ms", labels, series);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(0.5);
        chart.getStyler().setXAxisLabelRotation(20);
        return new ChartArtifact("p50 and p99 latency of accepted requests per row", "leases-latency.png", chart);
    }

    private static ChartArtifact rateChart(List<LeasesRow> rows) {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        List<Double> accepted = new ArrayList<>();
        List<Double> rejected = new ArrayList<>();
        for (LeasesRow row : rows) {
            accepted.add(row.acceptedRps());
            rejected.add(row.rejectedRps());
        }
        series.put("accepted/s", accepted);
        series.put("rejected/s", rejected);
        CategoryChart chart = Charts.bars("Accepted and rejected requests per second", "row", "requests/s",
                labels(rows), series);
        chart.getStyler().setXAxisLabelRotation(20);
        return new ChartArtifact("Mean accepted and rejected requests per second (after the first second)",
                "leases-rates.png", chart);
    }

    private static ChartArtifact grantChart(LeasesRow row) {
        int servers = row.servers().size();
        List<Integer> seconds = new ArrayList<>();
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        List<List<Integer>> grants = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            grants.add(new ArrayList<>());
        }
        for (LeasesRow.Snapshot snap : row.seconds()) {
            if (snap.server() == 0) {
                seconds.add(snap.second());
            }
            grants.get(snap.server()).add(snap.leasedRequests());
        }
        for (int i = 0; i < servers; i++) {
            series.put("server " + i, grants.get(i));
        }
        return new ChartArtifact("Requests granted per lease by the adaptive sender (" + row.scenario().label()
                + "), per server and second", "leases-adaptive-grants.png",
                Charts.lines("Adaptive lease grant per second", "second", "requests per lease", seconds, series));
    }

    /** The verdict, then where the adaptive grants settled; the tables have every other figure. */
    private static List<String> findings(List<LeasesRow> rows) {
        List<String> findings = new ArrayList<>();
        verdict(rows).ifPresent(findings::add);
        for (LeasesRow row : rows) {
            String grants = row.scenario().adaptive() ? grantRange(row) : "";
            if (!grants.isEmpty()) {
                findings.add(row.scenario().label() + ": " + grants);
            }
        }
        return findings;
    }

    /** The answer in one line: what adaptive leases accept and at what tail, against no bound at all. */
    private static Optional<String> verdict(List<LeasesRow> rows) {
        LeasesRow adaptive = rows.stream().filter(r -> r.scenario().adaptive()).findFirst().orElse(null);
        LeasesRow open = rows.stream().filter(r -> !r.scenario().adaptive())
                .max(Comparator.comparingDouble(LeasesRow::acceptedRps)).orElse(null);
        if (adaptive == null || open == null) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s accepts %s/s of %d at p99 %d ms; %s accepts %s/s "
                + "at p99 %d ms.", adaptive.scenario().label(), rate(adaptive.acceptedRps()), LeasesModel.OFFERED_RPS,
                adaptive.p99Millis(), open.scenario().label(), rate(open.acceptedRps()), open.p99Millis()));
    }

    private static String grantRange(LeasesRow row) {
        StringBuilder text = new StringBuilder("grants per server after the first 10 s");
        int servers = row.servers().size();
        for (int i = 0; i < servers; i++) {
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (LeasesRow.Snapshot snap : row.seconds()) {
                if (snap.server() == i && snap.second() >= 10) {
                    min = Math.min(min, snap.leasedRequests());
                    max = Math.max(max, snap.leasedRequests());
                }
            }
            if (min <= max) {
                text.append(String.format(Locale.ROOT, " #%d %d–%d;", i, min, max));
            }
        }
        if (text.charAt(text.length() - 1) != ';') {
            return "";
        }
        text.setLength(text.length() - 1);
        return text.append('.').toString();
    }

    private static LeasesRow firstAdaptive(List<LeasesRow> rows) {
        for (LeasesRow row : rows) {
            if (row.scenario().adaptive()) {
                return row;
            }
        }
        return null;
    }

    private static List<String> labels(List<LeasesRow> rows) {
        List<String> labels = new ArrayList<>();
        for (LeasesRow row : rows) {
            labels.add(row.scenario().label());
        }
        return labels;
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%.1f", perSecond);
    }
}
