package io.tailguard.lab.hedging;

import java.util.List;

/**
 * Thread-safe (immutable) measured outcome of one row.
 *
 * @param row the row
 * @param requests calls made
 * @param hedgedPct calls that started more than one attempt, in percent
 * @param extraLoadPct attempts beyond the first per 100 calls
 * @param timeoutPct calls that ended by the policy's timeout, in percent
 * @param slaMissPct calls not answered with success within the published article's 50 ms limit, in percent
 * @param utilizationPct busy share of the station's workers, NaN for unlimited capacity
 * @param p50Ms 50th percentile of call latency in ms (timed-out calls count at their timeout)
 * @param p90Ms 90th percentile
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param curveMs latency at each of {@link #CURVE_PERCENTILES}, in ms
 */
record HedgingResult(HedgingRow row, long requests, double hedgedPct, double extraLoadPct,
        double timeoutPct, double slaMissPct, double utilizationPct,
        double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms, List<Double> curveMs) {

    /** Percentiles of the latency curves in the charts. */
    static final List<Double> CURVE_PERCENTILES =
            List.of(50.0, 75.0, 90.0, 95.0, 98.0, 99.0, 99.5, 99.8, 99.9, 99.95, 99.99);

    /** Copies the curve. */
    HedgingResult {
        curveMs = List.copyOf(curveMs);
    }
}
