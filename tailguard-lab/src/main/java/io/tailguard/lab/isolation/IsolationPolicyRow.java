package io.tailguard.lab.isolation;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.sim.calltree.CallTreeOutcome;
import java.util.List;

/**
 * Thread-safe (immutable) how both routes fared under one policy.
 *
 * @param policy           the policy's name
 * @param routeASuccessPct route-a's on-time share
 * @param routeAP99Ms      route-a's p99
 * @param routeBSuccessPct route-b's on-time share
 * @param routeBP99Ms      route-b's p99
 */
record IsolationPolicyRow(String policy, double routeASuccessPct, double routeAP99Ms, double routeBSuccessPct,
                 double routeBP99Ms) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "route_a_success_pct", "route_a_p99_ms",
            "route_b_success_pct", "route_b_p99_ms");

    static IsolationPolicyRow of(String policy, CallTreeOutcome o) {
        return new IsolationPolicyRow(policy, o.successPct(0), o.p99(0), o.successPct(1), o.p99(1));
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.1f,%.1f,%.1f", policy, routeASuccessPct, routeAP99Ms, routeBSuccessPct,
                routeBP99Ms);
    }
}
