package io.tailguard.lab.backpressure;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) result of one strategy on one workload.
 *
 * @param strategy    the strategy
 * @param offered     requests that arrived
 * @param accepted    requests admitted
 * @param rejected    requests refused on arrival
 * @param p50Millis   median latency of admitted requests, 0 if none
 * @param p99Millis   99th percentile latency of admitted requests, 0 if none
 * @param maxBuffered most requests the strategy held at once (0 for rate gates)
 * @param snapshots   one row per snapshot window, in time order
 */
record StrategyOutcome(Strategy strategy, long offered, long accepted, long rejected, long p50Millis,
               long p99Millis, int maxBuffered, List<Snapshot> snapshots) implements CsvRow {

    static final List<String> HEADER = List.of("strategy", "incoming_requests", "accepted_requests",
            "rejected_requests", "acceptance_pct", "p50_ms", "p99_ms", "max_buffered");

    /** Copies the snapshot list. */
    StrategyOutcome {
        snapshots = List.copyOf(snapshots);
    }

    /** The published summary row. */
    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%d,%d,%.1f,%.1f,%.1f,%d", strategy.label(), offered, accepted, rejected,
                acceptancePct(), (double) p50Millis, (double) p99Millis, maxBuffered);
    }

    /** The published snapshot rows of this strategy, in time order. */
    List<CsvRow> snapshotRows() {
        return snapshots.stream().<CsvRow>map(s -> () -> Cells.row("%s,%s,%d,%d,%.1f,%.1f,%.1f,%d", strategy.label(),
                s.elapsed(), s.accepted(), s.rejected(), s.throughput(), (double) s.p50Millis(), (double) s.p99Millis(),
                s.maxBuffered())).toList();
    }

    /** Accepted requests as a percentage of offered ones (0 if nothing arrived). */
    double acceptancePct() {
        return offered == 0 ? 0.0 : accepted * 100.0 / offered;
    }

    /**
     * One snapshot window.
     *
     * @param elapsed     the elapsed_s cell, already formatted
     * @param endSeconds  simulated time at which the snapshot ends, for charts
     * @param accepted    admitted in the window
     * @param rejected    refused in the window
     * @param throughput  admitted per second of window
     * @param p50Millis   median latency of the window's admitted requests
     * @param p99Millis   99th percentile latency of the window's admitted requests
     * @param maxBuffered most requests held in the window
     */
    record Snapshot(String elapsed, double endSeconds, long accepted, long rejected, double throughput, long p50Millis,
                    long p99Millis, int maxBuffered) {
    }
}
