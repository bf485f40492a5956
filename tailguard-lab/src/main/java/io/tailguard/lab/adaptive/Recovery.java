package io.tailguard.lab.adaptive;

import java.util.function.IntToDoubleFunction;

/**
 * Thread-safe (stateless) recovery time: from an event (a load step, a stall's end) to the start
 * of the first run of {@value #HEALTHY_RUN} healthy 100 ms windows. A window is healthy when the p99
 * of its successes is at most {@value AdaptiveModel#HEALTHY_P99_MILLIS} ms and it served at least
 * 80 % of what it could: the smaller of what was offered and what the service can do then.
 */
final class Recovery {

    static final int HEALTHY_RUN = 5;
    private static final double SERVED_SHARE = 0.8;

    private Recovery() {
    }

    /** Returns the longest recovery over the scenario's events in ms, or -1 if it has none. */
    static long longest(AdaptiveScenario scenario, long[] p99, long[] served, long[] offered,
                        IntToDoubleFunction capacity) {
        long longest = -1;
        long windowMillis = AdaptiveModel.WINDOW_NANOS / 1_000_000L;
        for (double event : scenario.events()) {
            int from = (int) Math.ceil(event * 1000 / windowMillis);
            int run = 0;
            int recovered = p99.length;
            for (int i = from; i < p99.length; i++) {
                boolean healthy = p99[i] <= AdaptiveModel.HEALTHY_P99_MILLIS
                        && served[i] >= SERVED_SHARE * Math.min(offered[i], capacity.applyAsDouble(i));
                run = healthy ? run + 1 : 0;
                if (run == HEALTHY_RUN) {
                    recovered = i - HEALTHY_RUN + 1;
                    break;
                }
            }
            longest = Math.max(longest, (long) (recovered - from) * windowMillis);
        }
        return longest;
    }
}
