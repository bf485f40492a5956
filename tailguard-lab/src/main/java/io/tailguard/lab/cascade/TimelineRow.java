package io.tailguard.lab.cascade;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one 100 ms window of the degradation timeline.
 *
 * @param windowStartMs     the window's start
 * @param routeASuccessPct  route-a's on-time share
 * @param routeBSuccessPct  route-b's on-time share
 * @param frontendQueue     requests waiting at the frontend
 * @param serviceAQueue     requests waiting at service-a
 * @param serviceBQueue     requests waiting at service-b
 * @param databaseQueue     requests waiting at the database
 */
record TimelineRow(long windowStartMs, double routeASuccessPct, double routeBSuccessPct, int frontendQueue,
                   int serviceAQueue, int serviceBQueue, int databaseQueue) implements CsvRow {

    static final List<String> HEADER = List.of("window_start_ms", "route_a_success_pct", "route_b_success_pct",
            "frontend_queue", "service_a_queue", "service_b_queue", "database_queue");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%.1f,%.1f,%d,%d,%d,%d", windowStartMs, routeASuccessPct, routeBSuccessPct, frontendQueue,
                serviceAQueue, serviceBQueue, databaseQueue);
    }
}
