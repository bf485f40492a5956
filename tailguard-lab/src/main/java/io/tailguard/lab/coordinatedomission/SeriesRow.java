package io.tailguard.lab.coordinatedomission;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) what one measurement saw over the whole run.
 *
 * @param series        the measurement, for example {@code open-loop}
 * @param totalRequests requests it recorded
 * @param wholeRunP99Ms its p99 over the whole run
 */
record SeriesRow(String series, long totalRequests, double wholeRunP99Ms) implements CsvRow {

    static final List<String> HEADER = List.of("series", "total_requests", "whole_run_p99_ms");

    static SeriesRow of(String series, MeasurementRun run) {
        return new SeriesRow(series, run.requests, run.whole.getValueAtPercentile(99.0));
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f", series, totalRequests, wholeRunP99Ms);
    }
}
