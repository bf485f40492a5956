package io.tailguard.lab.admission;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one row of the offered-load plateau: a run at a constant offered load,
 * without control or behind the Little's-law limit.
 *
 * @param limited whether the run was behind the limit
 * @param run     the run's outcome
 */
record PlateauRow(boolean limited, AdmissionRow run) implements CsvRow {

    static final List<String> HEADER = List.of("mode", "offered_rps", "goodput_rps", "reject_pct", "p99_ms");

    String mode() {
        return limited ? "admission-limited" : "no-control";
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.1f,%.1f,%.1f", mode(), run.offeredRps(), run.goodputRps(), run.rejectPct(),
                (double) run.p99Ms());
    }
}
