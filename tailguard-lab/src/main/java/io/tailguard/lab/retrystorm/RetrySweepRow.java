package io.tailguard.lab.retrystorm;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one retry setting's figures with a healthy or a hard-down database.
 *
 * @param mode                 {@code healthy} or {@code degraded}
 * @param attemptsPerHop       attempts each hop makes
 * @param successPct           on-time share of requests
 * @param dbAttemptsPerRequest database attempts per request that could reach it
 * @param dbAttemptsRps        database attempts per second
 * @param p99ResolutionMs      p99 time to an answer
 */
record RetrySweepRow(String mode, int attemptsPerHop, double successPct, double dbAttemptsPerRequest, double dbAttemptsRps,
                double p99ResolutionMs) implements CsvRow {

    static final List<String> HEADER = List.of("mode", "attempts_per_hop", "success_pct", "db_attempts_per_request",
            "db_attempts_rps", "p99_resolution_ms");

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f,%.2f,%.1f,%.1f", mode, attemptsPerHop, successPct, dbAttemptsPerRequest,
                dbAttemptsRps, p99ResolutionMs);
    }
}
