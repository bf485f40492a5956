package io.tailguard.lab.budget;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.sim.calltree.CallTreeOutcome;
import java.util.List;

/**
 * Thread-safe (immutable) one policy's figures at one deadline.
 *
 * @param deadlineMs           the scoring (and budget) deadline
 * @param policy               the policy's name
 * @param successPct           on-time share of requests
 * @param dbAttemptsPerRequest database attempts per request
 * @param pastDeadlinePct      share of database calls sent after the request's deadline
 * @param p50ResolutionMs      median time to an answer
 * @param p99ResolutionMs      p99 time to an answer
 */
record BudgetPolicyRow(long deadlineMs, String policy, double successPct, double dbAttemptsPerRequest,
                 double pastDeadlinePct, double p50ResolutionMs, double p99ResolutionMs) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "success_pct", "db_attempts_per_request", "past_deadline_pct",
            "p50_resolution_ms", "p99_resolution_ms");
    static final List<String> SWEEP_HEADER = List.of("deadline_ms", "policy", "success_pct",
            "db_attempts_per_request", "p50_resolution_ms", "p99_resolution_ms");

    static BudgetPolicyRow of(long deadlineMs, String policy, CallTreeOutcome o, double requests) {
        return new BudgetPolicyRow(deadlineMs, policy, o.successPct(0), o.spawns(2) / requests, o.pastDeadlinePct(),
                o.p50(0), o.p99(0));
    }

    /** The cells of the policy table, at one deadline. */
    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.2f,%.1f,%.1f,%.1f", policy, successPct, dbAttemptsPerRequest, pastDeadlinePct,
                p50ResolutionMs, p99ResolutionMs);
    }

    /** This row as a line of the deadline sweep, which names the deadline and has no past-deadline share. */
    CsvRow sweepCells() {
        return () -> Cells.row("%d,%s,%.1f,%.2f,%.1f,%.1f", deadlineMs, policy, successPct, dbAttemptsPerRequest,
                p50ResolutionMs, p99ResolutionMs);
    }
}
