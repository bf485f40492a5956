package io.tailguard.lab.collapse;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) outcome of one (mode, offered level) run.
 *
 * @param retries       whether clients retried
 * @param offeredRps    the offered level
 * @param effectiveRps  attempts (first and retries) per second
 * @param idealRps      min(offered, capacity)
 * @param goodputRps    on-time completions per second
 * @param wastedPct     share of attempts served late or rejected
 * @param p50Ms         median sojourn of served attempts
 * @param p99Ms         p99 sojourn of served attempts
 * @param avgQueueDepth mean occupancy seen by an attempt
 */
record CollapseRow(boolean retries, int offeredRps, double effectiveRps, double idealRps, double goodputRps,
                   double wastedPct, long p50Ms, long p99Ms, double avgQueueDepth) implements CsvRow {

    static final List<String> HEADER = List.of("mode", "offered_rps", "effective_rps", "ideal_goodput_rps",
            "goodput_rps", "wasted_pct", "p50_ms", "p99_ms", "avg_queue_depth");

    String mode() {
        return retries ? "retry" : "no-retry";
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.2f", mode(), offeredRps, effectiveRps, idealRps,
                goodputRps, wastedPct, (double) p50Ms, (double) p99Ms, avgQueueDepth);
    }
}
