package io.tailguard.load;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (holds mutable histograms; treat them as read-only): everything one rate step
 * measured after its warm-up.
 *
 * @param offered          the schedule's rate, exact ({@code 0.5/s} is one request every 2 s)
 * @param durationSeconds  measured time of the schedule
 * @param scheduled        measured requests in the schedule
 * @param sent             measured requests written on a connection
 * @param ok               answered 2xx or 3xx
 * @param shed             answered 429 or 503 (the target refused work: overload, not failure)
 * @param errors           answered with another status, or lost with their connection
 * @param timeouts         not answered within the timeout of their due time (sent or not)
 * @param statuses         status code → count
 * @param latency          due time → response, nanoseconds: what a user of the target saw
 * @param service          write → response, nanoseconds: what a closed-loop tool would report
 * @param behindMaxNanos   the most the generator released a request after its due time
 * @param secondsBehind    reported seconds in which it was more than {@link #BEHIND_NANOS} behind
 * @param waitingMax       the most requests that waited at once for a free connection, summed over
 *                         the event loops (each keeps its own wait queue)
 * @param intervals        one entry per reported second, warm-up included
 * @param success          due time → response of the 2xx/3xx answers only, nanoseconds
 * @param timeoutNanos     the run's timeout, at which {@link #all} counts a timed-out request
 * @param connectionWaits  measured requests that waited for a free connection at least once
 * @param waitsAtMax       of those, requests no new connection could take because the generator
 *                         had opened its maximum
 * @param opened           connections opened by the end of the step
 * @param maxConnections   the most connections the generator may open
 */
public record StepResult(Rate offered, double durationSeconds, long scheduled, long sent, long ok, long shed,
                         long errors, long timeouts, Map<Integer, Long> statuses, Histogram latency,
                         Histogram service, long behindMaxNanos, int secondsBehind, long waitingMax,
                         List<Interval> intervals, Histogram success, long timeoutNanos, long connectionWaits,
                         long waitsAtMax, long opened, long maxConnections) {

    /** Lateness above this counts a second as behind schedule: 1 ms. */
    public static final long BEHIND_NANOS = 1_000_000L;

    /** Copies the collections. */
    public StepResult {
        statuses = Map.copyOf(statuses);
        intervals = List.copyOf(intervals);
    }

    /**
     * A result at a whole {@code rate} a second with no connection figures, for callers that only
     * read latencies and counts.
     */
    public StepResult(long rate, double durationSeconds, long scheduled, long sent, long ok, long shed,
                      long errors, long timeouts, Map<Integer, Long> statuses, Histogram latency,
                      Histogram service, long behindMaxNanos, int secondsBehind, long waitingMax,
                      List<Interval> intervals, Histogram success) {
        this(Rate.perSecond(rate), durationSeconds, scheduled, sent, ok, shed, errors, timeouts, statuses, latency,
                service,
                behindMaxNanos, secondsBehind, waitingMax, intervals, success, Engine.MAX_RECORDED_NANOS, 0, 0, 0,
                0);
    }

    /** Returns the schedule's requests per second, for arithmetic; inexact for rates such as 1/3s. */
    public double rate() {
        return offered.perSecondApprox();
    }

    /** Returns the schedule's rate as tables and progress lines write it: {@code 500/s}, {@code 0.5/s}, {@code 1/m}. */
    public String rateText() {
        return RateText.format(offered);
    }

    /** Returns how many measured requests were answered (any status). */
    public long answered() {
        return latency.getTotalCount();
    }

    /**
     * Returns the latency of every answered or timed-out request, a timeout counted at the timeout:
     * a percentile of all requests, which the answered ones alone would understate.
     */
    public Histogram all() {
        Histogram all = latency.copy();
        if (timeouts > 0) {
            all.recordValueWithCount(Math.min(timeoutNanos, Engine.MAX_RECORDED_NANOS), timeouts);
        }
        return all;
    }

    /** Returns true if requests waited because the generator had opened its maximum of connections. */
    public boolean hitMaxConnections() {
        return waitsAtMax > 0;
    }

    /**
     * Returns the most requests per second the maximum of connections can carry at the observed
     * service time (connections ÷ mean write-to-answer time), or 0 if nothing was answered.
     */
    public double ceilingPerSecond() {
        return Ceiling.perSecond(maxConnections, service);
    }

    /** Returns the measured seconds (intervals ending after the warm-up). */
    public long measuredSeconds() {
        return intervals.stream().filter(i -> i.endSeconds() > 0).count();
    }
}
