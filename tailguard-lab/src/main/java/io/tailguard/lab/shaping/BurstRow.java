package io.tailguard.lab.shaping;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) outcome of one gate at one burst size.
 *
 * @param limiter         gate label
 * @param burst           token bucket capacity or leaky bucket depth
 * @param offeredRps      arrivals per second
 * @param goodputRps      on-time completions per second
 * @param rejectPct       share rejected by the gate
 * @param servedLatePct   share served past the deadline
 * @param gateDelayP99    p99 of the time spent in the gate
 * @param serverWaitP99   p99 of the time waiting for the server after release
 * @param downstreamPeak  most releases in one 100 ms window, per second
 */
record BurstRow(String limiter, int burst, double offeredRps, double goodputRps, double rejectPct,
                double servedLatePct, long gateDelayP99, long serverWaitP99, double downstreamPeak) implements CsvRow {

    static final List<String> HEADER = List.of("limiter", "burst_capacity", "offered_rps", "goodput_rps", "reject_pct",
            "served_late_pct", "gate_delay_p99_ms", "server_wait_p99_ms", "downstream_peak_rps");

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", limiter, burst, offeredRps, goodputRps, rejectPct,
                servedLatePct, (double) gateDelayP99, (double) serverWaitP99, downstreamPeak);
    }
}
