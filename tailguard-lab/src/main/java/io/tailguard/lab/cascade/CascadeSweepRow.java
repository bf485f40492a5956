package io.tailguard.lab.cascade;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one route at one database service time.
 *
 * @param dbServiceMs the database's service time
 * @param route       the route's name
 * @param successPct  on-time share of the route's requests
 * @param p99Ms       the route's p99
 */
record CascadeSweepRow(int dbServiceMs, String route, double successPct, double p99Ms) implements CsvRow {

    static final List<String> HEADER = List.of("db_service_ms", "route", "success_pct", "p99_ms");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%s,%.1f,%.1f", dbServiceMs, route, successPct, p99Ms);
    }
}
