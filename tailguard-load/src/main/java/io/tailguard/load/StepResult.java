package io.tailguard.load;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (holds mutable histograms; treat them as read-only): everything one rate step
 * measured after its warm-up.
 *
 * @param rate             requests per second of the schedule
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
 */
public record StepResult(long rate, double durationSeconds, long scheduled, long sent, long ok, long shed,
                         long errors, long timeouts, Map<Integer, Long> statuses, Histogram latency,
                         Histogram service, long behindMaxNanos, int secondsBehind, long waitingMax,
                         List<Interval> intervals, Histogram success) {

    /** Lateness above this counts a second as behind schedule: 1 ms. */
    public static final long BEHIND_NANOS = 1_000_000L;

    /** Copies the collections. */
    public StepResult {
        statuses = Map.copyOf(statuses);
        intervals = List.copyOf(intervals);
    }

    /** Returns the measured seconds (intervals ending after the warm-up). */
    public long measuredSeconds() {
        return intervals.stream().filter(i -> i.endSeconds() > 0).count();
    }
}
