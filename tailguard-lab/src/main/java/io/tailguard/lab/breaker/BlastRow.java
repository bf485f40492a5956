package io.tailguard.lab.breaker;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one 100 ms window of the blast-radius runs, without and with breakers.
 *
 * @param windowStartMs        the window's start
 * @param naiveRouteAPct       route-a's on-time share without breakers
 * @param naiveRouteBPct       route-b's on-time share without breakers
 * @param breakerRouteAPct     route-a's on-time share with breakers
 * @param breakerRouteBPct     route-b's on-time share with breakers
 * @param naiveDbAttemptsRps   database attempts per second without breakers
 * @param breakerDbAttemptsRps database attempts per second with breakers
 * @param frontendEdgeState    the frontend edge breaker's state at the window's start
 * @param databaseEdgeState    the database edge breaker's state at the window's start
 */
record BlastRow(long windowStartMs, double naiveRouteAPct, double naiveRouteBPct, double breakerRouteAPct,
                double breakerRouteBPct, double naiveDbAttemptsRps, double breakerDbAttemptsRps, int frontendEdgeState,
                int databaseEdgeState) implements CsvRow {

    static final List<String> HEADER = List.of("window_start_ms", "naive_route_a_pct", "naive_route_b_pct",
            "breaker_route_a_pct", "breaker_route_b_pct", "naive_db_attempts_rps", "breaker_db_attempts_rps",
            "frontend_edge_state", "database_edge_state");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%d,%d", windowStartMs, naiveRouteAPct, naiveRouteBPct,
                breakerRouteAPct, breakerRouteBPct, naiveDbAttemptsRps, breakerDbAttemptsRps, frontendEdgeState,
                databaseEdgeState);
    }
}
