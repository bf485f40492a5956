package io.tailguard.lab.retrystorm;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one 100 ms window through the outage, with one and with three attempts per hop.
 *
 * @param windowStartMs   the window's start
 * @param r1SuccessPct    on-time share with one attempt
 * @param r3SuccessPct    on-time share with three attempts
 * @param r1DbAttemptsRps database attempts per second with one attempt
 * @param r3DbAttemptsRps database attempts per second with three attempts
 */
record WindowRow(long windowStartMs, double r1SuccessPct, double r3SuccessPct, double r1DbAttemptsRps,
                 double r3DbAttemptsRps) implements CsvRow {

    static final List<String> HEADER = List.of("window_start_ms", "r1_success_pct", "r3_success_pct",
            "r1_db_attempts_rps", "r3_db_attempts_rps");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%.1f,%.1f,%.1f,%.1f", windowStartMs, r1SuccessPct, r3SuccessPct, r1DbAttemptsRps,
                r3DbAttemptsRps);
    }
}
