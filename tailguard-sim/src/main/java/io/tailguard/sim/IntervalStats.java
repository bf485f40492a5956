package io.tailguard.sim;

import org.HdrHistogram.Histogram;

/**
 * Immutable summary of one recording interval {@code [startNanos, endNanos)} (the last one may be
 * shorter). Events are attributed to the interval in which they happen: a latency is recorded when
 * its request completes.
 *
 * @param index 0, 1, 2, …
 * @param startNanos interval start, inclusive
 * @param endNanos interval end, exclusive
 * @param counts requests that arrived, were accepted, rejected, completed or shed in the interval
 * @param latency latencies of the requests that completed in the interval, in the spec's unit
 * @param maxQueueDepth largest number of waiting jobs seen in the interval
 * @param maxInSystem largest number of jobs in the station (waiting plus in service)
 * @param meanQueueDepth time-average number of waiting jobs
 * @param meanInSystem time-average number of jobs in the station
 * @param meanBusyWorkers time-average number of jobs in service
 */
public record IntervalStats(int index, long startNanos, long endNanos, Counts counts, Histogram latency,
        int maxQueueDepth, int maxInSystem, double meanQueueDepth, double meanInSystem, double meanBusyWorkers) {
}
