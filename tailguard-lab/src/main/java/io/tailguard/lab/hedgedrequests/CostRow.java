package io.tailguard.lab.hedgedrequests;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) what one hedge threshold cost and bought against the unhedged run.
 *
 * @param threshold         the threshold's label, for example {@code p95}
 * @param thresholdMs       the hedge delay it gave
 * @param baselineP99Ms     the unhedged p99
 * @param hedgedP99Ms       the hedged p99
 * @param improvementPct    how much lower the hedged p99 is, in percent of the unhedged one
 * @param extraLoadPct      extra attempts in percent of requests
 * @param hedgedRequests    requests that sent a hedge
 * @param totalRequests     requests
 * @param wastedWorkMs      service time spent on attempts whose answer was not used
 * @param wastedCompletions attempts that finished after their request was answered
 */
record CostRow(String threshold, long thresholdMs, long baselineP99Ms, long hedgedP99Ms, double improvementPct,
               double extraLoadPct, long hedgedRequests, long totalRequests, long wastedWorkMs,
               long wastedCompletions) implements CsvRow {

    static final List<String> HEADER = List.of("threshold", "threshold_ms", "baseline_p99_ms", "hedged_p99_ms",
            "p99_improvement_pct", "extra_load_pct", "hedged_requests", "total_requests", "wasted_work_ms",
            "wasted_completions");

    static CostRow of(HedgedRequestsModel.Hedged baseline, HedgedRequestsModel.Hedged h) {
        double b = baseline.p99();
        double improvement = b == 0.0 ? 0.0 : ((b - h.p99()) / b) * 100.0;
        return new CostRow(h.threshold().label(), h.thresholdMs(), baseline.p99(), h.p99(), improvement,
                h.extraLoadPct(), h.hedgedRequests(), h.requests(), h.wastedMs(), h.wastedCompletions());
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%d,%.1f,%.1f,%.1f,%.1f,%d,%d,%d,%d", threshold, thresholdMs, (double) baselineP99Ms,
                (double) hedgedP99Ms, improvementPct, extraLoadPct, hedgedRequests, totalRequests, wastedWorkMs,
                wastedCompletions);
    }
}
