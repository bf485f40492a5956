package io.tailguard.lab.hedging;

import io.tailguard.sim.hedge.HedgedCalls;
import io.tailguard.sim.service.HedgingArticleLatency;

/**
 * Not thread-safe run of one row: the row's policy (or none) over {@link HedgedCalls} against the
 * published article's latency, on the scenario's backend. Same seed, same numbers.
 */
final class HedgingSimulation {

    /** The published hedging article's service limit: a call slower than this, or failed, misses it. */
    static final long SLA_NANOS = 50_000_000L;

    private final HedgingRow row;
    private final HedgedCalls calls;

    HedgingSimulation(HedgingRow row, long requests, long seed) {
        this.row = row;
        HedgingScenario scenario = row.scenario();
        this.calls = new HedgedCalls(row.policy(), scenario.workers(), HedgingArticleLatency.MODEL,
                scenario.ratePerSecond(HedgingArticleLatency.MODEL), requests, seed, SLA_NANOS);
    }

    /** Runs every call to its end and returns the measured row. */
    HedgingResult run() {
        HedgedCalls.Result r = calls.run();
        long issued = r.calls();
        return new HedgingResult(row, issued, 100.0 * r.hedged() / issued, 100.0 * r.extraAttempts() / issued,
                100.0 * r.timedOut() / issued, 100.0 * r.slaMisses() / issued, r.busyPct(),
                r.percentileMs(50.0), r.percentileMs(90.0), r.percentileMs(95.0), r.percentileMs(99.0),
                r.percentileMs(99.9), HedgingResult.CURVE_PERCENTILES.stream().map(r::percentileMs).toList());
    }
}
