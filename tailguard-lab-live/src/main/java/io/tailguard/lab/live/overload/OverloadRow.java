package io.tailguard.lab.live.overload;

import io.tailguard.load.StepResult;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (immutable) one row of {@code live-overload.csv}: what one setup did at one offered
 * load, live or simulated. Rates are per second of measured time; latencies are of successes only
 * (2xx answered within the client timeout), from each request's due time; NaN where there is
 * nothing to report (no success, no proxy process).
 *
 * @param source      {@code live} or {@code sim}
 * @param setup       {@code direct}, {@code nginx}, {@code haproxy}, {@code tailguard-fixed}, {@code tailguard-adaptive}
 * @param loadX       offered load as a multiple of capacity
 * @param offeredRps  requests sent per second
 * @param capacityRps the backend's capacity
 * @param goodputRps  successes within the client timeout per second
 * @param p50Ms       median latency of the successes
 * @param p99Ms       99th percentile latency of the successes
 * @param shedRps     answers 429 or 503 per second
 * @param errorRps    other failures per second: other statuses, lost connections, client timeouts
 * @param rssMb       the proxy process's resident memory (MiB), the most sampled during the step
 */
record OverloadRow(String source, String setup, double loadX, long offeredRps, double capacityRps, double goodputRps,
                   double p50Ms, double p99Ms, double shedRps, double errorRps, double rssMb) {

    static final String LIVE = "live";
    static final String SIM = "sim";

    /** Returns the live row of a load generator step. */
    static OverloadRow live(String setup, double loadX, double capacityRps, StepResult step, double rssMb) {
        double seconds = step.durationSeconds();
        Histogram ok = step.success();
        return new OverloadRow(LIVE, setup, loadX, step.offered().wholePerSecond(), capacityRps, step.ok() / seconds,
                millis(ok, 50), millis(ok, 99), step.shed() / seconds, (step.errors() + step.timeouts()) / seconds,
                rssMb);
    }

    /** Returns the {@code pct} percentile of {@code nanos} in milliseconds, NaN if it is empty. */
    static double millis(Histogram nanos, double pct) {
        return nanos.getTotalCount() == 0 ? Double.NaN : nanos.getValueAtPercentile(pct) / 1e6;
    }

    /** Returns goodput as a share of capacity. */
    double goodputShare() {
        return goodputRps / capacityRps;
    }
}
