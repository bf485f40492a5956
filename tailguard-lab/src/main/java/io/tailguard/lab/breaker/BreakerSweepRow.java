package io.tailguard.lab.breaker;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.sim.calltree.CallTreeOutcome;
import io.tailguard.sim.calltree.Chains;
import java.util.List;

/**
 * Thread-safe (immutable) one policy's figures with the database hard down.
 *
 * @param policy               the policy's name
 * @param successPct           on-time share of requests
 * @param dbAttemptsPerRequest database attempts per request that could reach it
 * @param dbAttemptsRps        database attempts per second
 * @param p50ResolutionMs      median time to an answer
 * @param p99ResolutionMs      p99 time to an answer
 */
record BreakerSweepRow(String policy, double successPct, double dbAttemptsPerRequest, double dbAttemptsRps,
                double p50ResolutionMs, double p99ResolutionMs) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "success_pct", "db_attempts_per_request", "db_attempts_rps",
            "p50_resolution_ms", "p99_resolution_ms");

    static BreakerSweepRow of(String policy, CallTreeOutcome o) {
        return new BreakerSweepRow(policy, o.successPct(0),
                o.eligibleLeafAttempts(Chains.ATTEMPTS, Chains.TIMEOUT_MS, Chains.BACKOFF_MS), o.spawnsPerSecond(2),
                o.p50(0), o.p99(0));
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.2f,%.1f,%.1f,%.1f", policy, successPct, dbAttemptsPerRequest, dbAttemptsRps,
                p50ResolutionMs, p99ResolutionMs);
    }
}
