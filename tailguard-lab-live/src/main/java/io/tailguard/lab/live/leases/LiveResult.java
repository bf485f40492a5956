package io.tailguard.lab.live.leases;

import io.tailguard.load.StepResult;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (immutable) what the load generator measured for one row over real sockets: rates
 * per second of measured time and the latency of the accepted requests (due time to response,
 * successes only, as the demo's client printed it), in milliseconds.
 *
 * @param row         the row
 * @param offeredRps  requests scheduled per second
 * @param acceptedRps answered 2xx per second
 * @param rejectedRps answered 503 (over a lease) or 429 per second
 * @param errorRps    other statuses, lost connections and timeouts per second
 * @param p50Ms       median latency of the accepted requests, NaN if none
 * @param p99Ms       99th percentile
 * @param p999Ms      99.9th percentile
 * @param behindMs    the most the load generator released a request after its due time (its own
 *                    share of the latencies, on a busy machine)
 */
record LiveResult(LeaseRow row, double offeredRps, double acceptedRps, double rejectedRps, double errorRps,
                  double p50Ms, double p99Ms, double p999Ms, double behindMs) {

    static LiveResult of(LeaseRow row, StepResult step) {
        double seconds = step.durationSeconds();
        Histogram ok = step.success();
        return new LiveResult(row, step.scheduled() / seconds, step.ok() / seconds, step.shed() / seconds,
                (step.errors() + step.timeouts()) / seconds, millis(ok, 50.0), millis(ok, 99.0), millis(ok, 99.9),
                step.behindMaxNanos() / 1e6);
    }

    private static double millis(Histogram nanos, double percentile) {
        return nanos.getTotalCount() == 0 ? Double.NaN : nanos.getValueAtPercentile(percentile) / 1e6;
    }
}
