package io.tailguard.lab.taillatency;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (immutable) one scenario over the whole run, with its p99 per interval.
 *
 * @param scenario          {@code baseline} or {@code fan-out-5}
 * @param requests          requests recorded
 * @param p50Ms             median latency
 * @param p99Ms             p99 latency
 * @param p999Ms            p99.9 latency
 * @param shareOver100msPct share of requests slower than 100 ms
 * @param intervalP99Ms     the p99 of each interval, in order (not a column: the snapshot tables have it)
 */
record ScenarioRow(String scenario, long requests, long p50Ms, long p99Ms, long p999Ms, double shareOver100msPct,
                   List<Long> intervalP99Ms) implements CsvRow {

    static final List<String> HEADER = List.of("scenario", "requests", "p50_ms", "p99_ms", "p999_ms",
            "share_over_100ms_pct");

    /** Copies the intervals. */
    ScenarioRow {
        intervalP99Ms = List.copyOf(intervalP99Ms);
    }

    static ScenarioRow of(String scenario, TailLatencyModel.Outcome outcome) {
        Histogram h = outcome.whole();
        double slow = h.getTotalCount() == 0 ? 0
                : 100.0 * (h.getTotalCount() - h.getCountBetweenValues(0, 100)) / h.getTotalCount();
        return new ScenarioRow(scenario, h.getTotalCount(), h.getValueAtPercentile(50.0), h.getValueAtPercentile(99.0),
                h.getValueAtPercentile(99.9), slow, outcome.intervalP99());
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f,%.1f,%.1f,%.2f", scenario, requests, (double) p50Ms, (double) p99Ms,
                (double) p999Ms, shareOver100msPct);
    }
}
