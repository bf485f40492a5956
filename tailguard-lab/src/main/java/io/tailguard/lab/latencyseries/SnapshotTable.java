package io.tailguard.lab.latencyseries;

import io.tailguard.artifacts.CsvTable;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe builder of the published snapshot CSV (the lab's "ADR-005" layout, labs-spec
 * §3.2): one row per interval with its p50, p95, p99 and p99.9 from a histogram.
 */
public final class SnapshotTable {

    private final CsvTable.Builder table;

    /** Starts a table shown as {@code name} and written as {@code file}. */
    public SnapshotTable(String name, String file) {
        table = CsvTable.builder(name, file, "timestamp_ms", "elapsed_s", "p50_ms", "p95_ms", "p99_ms",
                "p999_ms", "throughput_rps", "error_count", "total_requests");
    }

    /**
     * Adds one row; the timestamp is {@code elapsedSeconds × 1000} (the published deterministic runs
     * start at 0).
     */
    public SnapshotTable row(long elapsedSeconds, Histogram interval, double throughputRps, long errors,
                             long totalRequests) {
        table.row(Long.toString(elapsedSeconds * 1000), Long.toString(elapsedSeconds),
                f1(interval.getValueAtPercentile(50.0)), f1(interval.getValueAtPercentile(95.0)),
                f1(interval.getValueAtPercentile(99.0)), f1(interval.getValueAtPercentile(99.9)),
                f1(throughputRps), Long.toString(errors), Long.toString(totalRequests));
        return this;
    }

    /** Builds the table. */
    public CsvTable build() {
        return table.build();
    }

    /** Formats {@code value} as the published lab does with {@code %.1f}. */
    public static String f1(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
