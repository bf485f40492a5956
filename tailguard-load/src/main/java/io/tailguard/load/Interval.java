package io.tailguard.load;

/**
 * Thread-safe (immutable): one second of a step, as the progress line reports it.
 *
 * @param endSeconds    end of the interval, seconds since the measured part of the step began
 *                      (negative during warm-up)
 * @param answered      responses recorded in the interval (latency is bucketed by completion time)
 * @param timeouts      requests that timed out in the interval
 * @param p50Nanos      median latency of those responses and timeouts (a timeout counts at the
 *                      timeout), 0 if none
 * @param p99Nanos      99th percentile, likewise, 0 if none
 * @param maxNanos      largest, likewise, 0 if none
 * @param lateMaxNanos  how far behind schedule the generator released a request, at most
 */
public record Interval(double endSeconds, long answered, long timeouts, long p50Nanos, long p99Nanos,
                       long maxNanos, long lateMaxNanos) {
}
