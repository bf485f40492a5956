package io.tailguard.sim;

import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (holds mutable HdrHistograms; do not modify them) outcome of one run. Time
 * averages are taken over {@code [0, endNanos)}.
 *
 * @param endNanos virtual time at which the run ended
 * @param workers the station's worker count ({@link Station#UNBOUNDED_WORKERS} if infinite)
 * @param counts whole-run request counters
 * @param latency latency of every completed request, in the histogram spec's unit
 * @param clampedLatencies latencies above the histogram's highest trackable value (recorded as it)
 * @param intervals per-interval summaries, empty unless intervals were configured
 * @param maxQueueDepth largest number of waiting jobs
 * @param maxInSystem largest number of jobs in the station
 * @param meanQueueDepth time-average number of waiting jobs (Lq)
 * @param meanInSystem time-average number of jobs in the station (L)
 * @param meanBusyWorkers time-average number of jobs in service
 * @param started number of jobs that started service
 * @param meanWaitNanos mean time from arrival to start of service over started jobs (Wq)
 * @param departures jobs that left the station: completed plus shed
 * @param meanSojournNanos mean time in the station over departed jobs (W)
 * @param queuedAtEnd jobs still waiting when the run ended
 * @param inServiceAtEnd jobs still in service when the run ended
 */
public record SimulationResult(long endNanos, int workers, Counts counts, Histogram latency, long clampedLatencies,
        List<IntervalStats> intervals, int maxQueueDepth, int maxInSystem, double meanQueueDepth,
        double meanInSystem, double meanBusyWorkers, long started, double meanWaitNanos, long departures,
        double meanSojournNanos, int queuedAtEnd, int inServiceAtEnd) {

    /**
     * Returns the fraction of worker capacity used: mean busy workers / workers (for an
     * infinite-server station, the mean busy workers itself).
     */
    public double utilisation() {
        return workers == Station.UNBOUNDED_WORKERS ? meanBusyWorkers : meanBusyWorkers / workers;
    }

    /** Returns departures per second of virtual time. */
    public double throughputPerSecond() {
        return endNanos == 0 ? 0.0 : departures * 1e9 / endNanos;
    }

    /** Returns Little's law's three quantities for this run. */
    public LittlesLaw littlesLaw() {
        return new LittlesLaw(meanInSystem, throughputPerSecond(), meanSojournNanos / 1e9);
    }

    /**
     * Returns a deterministic multi-line summary (Locale.ROOT, '\n' line ends): equal runs give
     * equal bytes.
     */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append("end_ns=").append(endNanos).append('\n');
        sb.append(counts).append('\n');
        sb.append(String.format(Locale.ROOT,
                "latency count=%d min=%d p50=%d p90=%d p99=%d p999=%d max=%d mean=%.6f clamped=%d\n",
                latency.getTotalCount(), latency.getMinValue(), latency.getValueAtPercentile(50),
                latency.getValueAtPercentile(90), latency.getValueAtPercentile(99),
                latency.getValueAtPercentile(99.9), latency.getMaxValue(), latency.getMean(), clampedLatencies)
                );
        sb.append(String.format(Locale.ROOT,
                "Lq=%.9f L=%.9f busy=%.9f maxQ=%d maxL=%d Wq_ns=%.6f W_ns=%.6f departures=%d\n",
                meanQueueDepth, meanInSystem, meanBusyWorkers, maxQueueDepth, maxInSystem, meanWaitNanos,
                meanSojournNanos, departures));
        for (IntervalStats i : intervals) {
            sb.append(String.format(Locale.ROOT, "interval %d [%d,%d) %s p99=%d maxQ=%d maxL=%d L=%.9f\n",
                    i.index(), i.startNanos(), i.endNanos(), i.counts(), i.latency().getValueAtPercentile(99),
                    i.maxQueueDepth(), i.maxInSystem(), i.meanInSystem()));
        }
        return sb.toString();
    }
}
