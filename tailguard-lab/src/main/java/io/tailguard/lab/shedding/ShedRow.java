package io.tailguard.lab.shedding;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) outcome of one policy at one offered load.
 *
 * @param policy        policy label
 * @param offeredRps    arrivals per second
 * @param goodputRps    on-time completions per second
 * @param shedPct       share shed (at the door, at dequeue, or left at the window's end)
 * @param servedLatePct share served past the deadline
 * @param p99ServedMs   p99 sojourn of served requests
 * @param shedWaitP50   median wait of shed requests
 * @param wastedPct     share of the served that were late
 */
record ShedRow(String policy, double offeredRps, double goodputRps, double shedPct, double servedLatePct,
               long p99ServedMs, long shedWaitP50, double wastedPct) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "offered_rps", "goodput_rps", "shed_pct", "served_late_pct",
            "p99_served_ms", "shed_wait_p50_ms", "wasted_pct");

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", policy, offeredRps, goodputRps, shedPct, servedLatePct,
                (double) p99ServedMs, (double) shedWaitP50, wastedPct);
    }
}
