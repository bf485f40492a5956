package io.tailguard.lab.isolation;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) both routes with {@code routeBReserved} frontend workers kept for route-b.
 *
 * @param routeBReserved   workers reserved for route-b
 * @param routeAWorkers    workers left to route-a
 * @param routeASuccessPct route-a's on-time share
 * @param routeBSuccessPct route-b's on-time share
 */
record SizingRow(int routeBReserved, int routeAWorkers, double routeASuccessPct, double routeBSuccessPct)
        implements CsvRow {

    static final List<String> HEADER = List.of("route_b_reserved", "route_a_workers", "route_a_success_pct",
            "route_b_success_pct");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%d,%.1f,%.1f", routeBReserved, routeAWorkers, routeASuccessPct, routeBSuccessPct);
    }
}
