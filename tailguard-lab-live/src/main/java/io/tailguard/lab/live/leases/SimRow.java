package io.tailguard.lab.live.leases;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.LabResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (immutable) one row of the simulated {@code lab leases} summary, read from the
 * experiment's public result table {@code leases-summary.csv} (its header is the stable interface;
 * nothing of the simulator's internals is used).
 *
 * @param key         {@code policy/balancer/leased_requests}, as {@link LeaseRow#key()}
 * @param acceptedRps accepted per second
 * @param rejectedRps rejected per second
 * @param p50Ms       median latency of accepted requests
 * @param p99Ms       99th percentile
 * @param p999Ms      99.9th percentile
 */
record SimRow(String key, double acceptedRps, double rejectedRps, double p50Ms, double p99Ms, double p999Ms) {

    static final String SUMMARY_FILE = "leases-summary.csv";

    /** Returns the summary rows of a simulated run by key; throws if the table is missing. */
    static Map<String, SimRow> from(LabResult result) {
        CsvTable summary = result.tables().stream().filter(t -> t.file().equals(SUMMARY_FILE)).findFirst()
                .or(() -> result.printedTables().stream().filter(t -> t.file().equals(SUMMARY_FILE)).findFirst())
                .orElseThrow(() -> new IllegalStateException("the simulated lab leases must write " + SUMMARY_FILE
                        + " but wrote none"));
        List<String> header = summary.header();
        Map<String, SimRow> rows = new LinkedHashMap<>();
        for (List<String> cells : summary.rows()) {
            String key = cell(header, cells, "policy") + "/" + cell(header, cells, "balancer") + "/"
                    + cell(header, cells, "leased_requests");
            rows.put(key, new SimRow(key, number(header, cells, "accepted_rps"), number(header, cells, "rejected_rps"),
                    number(header, cells, "p50_ms"), number(header, cells, "p99_ms"), number(header, cells, "p999_ms")));
        }
        return rows;
    }

    private static String cell(List<String> header, List<String> cells, String column) {
        int at = header.indexOf(column);
        if (at < 0) {
            throw new IllegalStateException(SUMMARY_FILE + " must have a column " + column + " but has " + header);
        }
        return cells.get(at);
    }

    private static double number(List<String> header, List<String> cells, String column) {
        String text = cell(header, cells, column);
        return text.isEmpty() ? Double.NaN : Double.parseDouble(text);
    }
}
