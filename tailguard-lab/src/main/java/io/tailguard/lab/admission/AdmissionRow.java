package io.tailguard.lab.admission;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) outcome of one admission-control run, a row of the limit sweep.
 *
 * @param limit         the in-system limit, {@link AdmissionModel#NO_LIMIT} for none
 * @param offeredRps    arrivals per second
 * @param goodputRps    on-time completions per second
 * @param rejectPct     share of arrivals rejected at the door
 * @param servedLatePct share of arrivals served past the deadline
 * @param p99Ms         p99 sojourn of served requests
 * @param utilPct       share of the window the server was busy (capped at 100)
 */
record AdmissionRow(int limit, double offeredRps, double goodputRps, double rejectPct, double servedLatePct,
                    long p99Ms, double utilPct) implements CsvRow {

    static final List<String> HEADER = List.of("admission_limit", "offered_rps", "goodput_rps", "reject_pct",
            "served_late_pct", "p99_ms", "utilization_pct");

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", limitLabel(), offeredRps, goodputRps, rejectPct,
                servedLatePct, (double) p99Ms, utilPct);
    }

    String limitLabel() {
        return limit == AdmissionModel.NO_LIMIT ? "none" : Integer.toString(limit);
    }
}
