package io.tailguard.lab.adaptive;

/**
 * Thread-safe (immutable by convention: the arrays are not changed after the run) outcome of one
 * scenario under one limiter.
 *
 * @param scenario     the scenario's name
 * @param limiter      the limiter's name
 * @param goodputRps   successful requests per second of simulated time
 * @param p99Millis    p99 latency of successes
 * @param p999Millis   p99.9 latency of successes
 * @param shedPct      share of offered requests the limiter shed, in percent
 * @param recoveryMillis time from the scenario's step or stall until the service is healthy again
 *                     (the longest over its events), or -1 if it has none
 * @param limitMin     smallest limit after the first second
 * @param limitMax     largest limit after the first second
 * @param windowLimit  limit at the end of each 100 ms window
 * @param windowP99    p99 of the successes of each window in ms (0 when none)
 */
record AdaptiveRow(String scenario, String limiter, double goodputRps, long p99Millis, long p999Millis,
                   double shedPct, long recoveryMillis, int limitMin, int limitMax, int[] windowLimit,
                   long[] windowP99) {
}
