package io.tailguard.sim.path;

import io.tailguard.path.LocalAnswer;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (the histogram is mutable; treat it as read-only): what became of one simulated
 * pool's requests. Every request ends one way: answered by a backend while its client still waited
 * (goodput), answered locally by the decision path, or left unanswered when its client's patience
 * ran out.
 *
 * @param pool               the pool's name
 * @param offered            requests that arrived
 * @param goodput            answered by a backend within their client's patience
 * @param answers            requests answered locally, by {@link LocalAnswer} ordinal
 * @param gone               requests whose client left first
 * @param goodputMicros      latency of the goodput requests, in microseconds
 * @param wastedBackendNanos backend service time spent on responses nobody received
 * @param busyBackendNanos   backend service time in all
 * @param durationNanos      how long the counted requests arrived for (after any warm-up)
 * @param meanLimit          the pool's concurrency limit (its backends' limits summed) averaged over
 *                           that span, sampled every {@link PathSimulation#LIMIT_SAMPLE}
 * @param limitTrace         those samples in order (empty: the span held none)
 */
public record PathResult(String pool, long offered, long goodput, long[] answers, long gone, Histogram goodputMicros,
                         long wastedBackendNanos, long busyBackendNanos, long durationNanos, double meanLimit,
                         int[] limitTrace) {

    /** Returns how many requests were answered locally with {@code answer}. */
    public long answered(LocalAnswer answer) {
        return answers[answer.ordinal()];
    }

    /** Returns how many requests were refused by admission (429 and 503 answers). */
    public long rejected() {
        long total = 0;
        for (LocalAnswer answer : LocalAnswer.values()) {
            if (answer.isRejection()) {
                total += answers[answer.ordinal()];
            }
        }
        return total;
    }

    /** Returns {@code count} per second of the arrival period. */
    public double perSecond(long count) {
        return count * 1e9 / durationNanos;
    }

    /** Returns the goodput latency at {@code percentile} in milliseconds, NaN when nothing was goodput. */
    public double goodputMillis(double percentile) {
        return goodputMicros.getTotalCount() == 0 ? Double.NaN
                : goodputMicros.getValueAtPercentile(percentile) / 1000.0;
    }
}
