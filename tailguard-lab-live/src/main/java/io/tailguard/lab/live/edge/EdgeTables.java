package io.tailguard.lab.live.edge;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.Styler;

/** Thread-safe (stateless) CSV tables and charts of a {@code lab edge} run. */
final class EdgeTables {

    private EdgeTables() {
    }

    /** One row per request: {@code edge-requests.csv}. */
    static CsvTable requests(List<EdgeRow> rows) {
        CsvTable.Builder table = CsvTable.builder("Requests", "edge-requests.csv",
                "setup", "request", "status", "client_s", "backend_served", "client_gone_before_backend_done");
        for (EdgeRow r : rows) {
            table.row(r.setup(), Integer.toString(r.request()), r.status(), seconds(r.clientSeconds()),
                    Boolean.toString(r.backendServed()), Boolean.toString(r.clientGone()));
        }
        return table.build();
    }

    /** One row per setup: {@code edge-summary.csv}. */
    static CsvTable summary(List<EdgeSummary> summaries) {
        CsvTable.Builder table = CsvTable.builder("Summary", "edge-summary.csv", "setup", "requests", "ok",
                "fast_rejects", "timeouts", "backend_served", "backend_wasted_s", "client_total_s", "max_client_s");
        for (EdgeSummary s : summaries) {
            table.row(s.setup(), Integer.toString(s.requests()), Integer.toString(s.ok()),
                    Integer.toString(s.fastRejects()), Integer.toString(s.timeouts()),
                    Integer.toString(s.backendServed()), seconds(s.wastedSeconds()), seconds(s.clientTotal()),
                    seconds(s.maxClient()));
        }
        return table.build();
    }

    /** Outcomes per setup, the backend's useful and wasted work, and each client's wait. */
    static List<ChartArtifact> charts(List<EdgeSummary> summaries, List<EdgeRow> rows, EdgeTiming timing) {
        List<String> setups = summaries.stream().map(EdgeSummary::setup).toList();
        Map<String, List<? extends Number>> outcomes = new LinkedHashMap<>();
        outcomes.put("ok", summaries.stream().map(EdgeSummary::ok).toList());
        outcomes.put("fast rejects (< 100 ms)", summaries.stream().map(EdgeSummary::fastRejects).toList());
        outcomes.put("timeouts", summaries.stream().map(EdgeSummary::timeouts).toList());
        Map<String, List<? extends Number>> work = new LinkedHashMap<>();
        work.put("for a waiting client", summaries.stream()
                .map(s -> useful(rows, s.setup())).toList());
        work.put("for a client that had gone", summaries.stream().map(EdgeSummary::wastedSeconds).toList());
        Map<String, List<? extends Number>> waits = new LinkedHashMap<>();
        for (String setup : setups) {
            waits.put(setup, rows.stream().filter(r -> r.setup().equals(setup)).map(EdgeRow::clientSeconds).toList());
        }
        List<Integer> requests = IntStream.range(0, timing.clients()).boxed().toList();
        List<ChartArtifact> charts = new ArrayList<>();
        charts.add(new ChartArtifact("What the clients got, per setup", "edge-outcomes.png",
                readable(Charts.bars("Client outcomes", "setup", "requests", setups, outcomes))));
        charts.add(new ChartArtifact("Backend seconds spent, and how many of them reached nobody",
                "edge-backend-work.png",
                readable(Charts.bars("Backend work", "setup", "seconds", setups, work))));
        charts.add(new ChartArtifact("How long each client waited, by start order", "edge-client-wait.png",
                Charts.lines("Client wait per request", "request", "seconds", requests, waits)));
        return charts;
    }

    /** Slants the long setup names and moves the legend off the bars. */
    private static CategoryChart readable(CategoryChart chart) {
        chart.getStyler().setXAxisLabelRotation(20);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        return chart;
    }

    private static double useful(List<EdgeRow> rows, String setup) {
        return rows.stream().filter(r -> r.setup().equals(setup) && r.backendServed() && !r.clientGone())
                .mapToDouble(EdgeRow::backendSeconds).sum();
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }
}
