package io.tailguard.limit;

/**
 * Not thread-safe: the latency signal of a delay-aware {@link Limit}: a short exponential average
 * of RTT and a baseline (the no-queue RTT) that is hard to fool. The baseline is the lowest short
 * average seen, never a single sample, so one lucky 0.1 ms response moves it by a tenth of the gap
 * at most; and it may rise only at the end of a time window in which some samples were calm
 * (admitted while the limit was not the constraint), so that a queue the limit itself keeps under
 * steady overload cannot raise the baseline and the baseline the limit, without bound.
 */
final class RttBaseline {

    /** Weight of a sample in the short average: about the last ten samples count. */
    private static final double SHORT_WEIGHT = 0.1;
    /** Samples the short average needs before it is one: as many as its weight counts. */
    static final int WARMUP_SAMPLES = 10;

    private final long windowNanos;
    private double smoothedNanos;
    private double baselineNanos;
    private double windowMinNanos = Double.POSITIVE_INFINITY;
    private double calmMinNanos = Double.POSITIVE_INFINITY;
    private long windowEndNanos;
    private int samples;

    RttBaseline(long windowNanos) {
        this.windowNanos = windowNanos;
    }

    /**
     * Returns whether a sample admitted with {@code inFlight} requests in flight was calm: at a
     * quarter of the limit at most, or while the limit sits at its floor (the least queue this
     * limit can ever measure, so a service that got slower is followed). A quarter, not a half,
     * because an additive limit can double within one RTT, so a request admitted at half of today's
     * limit may have queued. A floor above the service's own concurrency keeps a queue even there;
     * the baseline measured at the floor then holds until the limit returns to the floor.
     */
    static boolean calm(int inFlight, int minLimit, int limit) {
        return limit <= minLimit || inFlight * 4L <= limit;
    }

    /** Adds one sample; {@code calm} says it was admitted while the limit did not hold requests back. */
    void add(long nowNanos, long rttNanos, boolean calm) {
        double rtt = Math.max(1L, rttNanos);
        if (samples < WARMUP_SAMPLES) {
            // the mean of the samples so far: the first weighs no more than any later one
            samples++;
            smoothedNanos += (rtt - smoothedNanos) / samples;
            if (samples < WARMUP_SAMPLES) {
                return;
            }
            baselineNanos = smoothedNanos;
            windowEndNanos = nowNanos + windowNanos;
        } else {
            smoothedNanos += (rtt - smoothedNanos) * SHORT_WEIGHT;
        }
        windowMinNanos = Math.min(windowMinNanos, smoothedNanos);
        if (calm) {
            calmMinNanos = Math.min(calmMinNanos, smoothedNanos);
        }
        baselineNanos = Math.min(baselineNanos, smoothedNanos);
        if (nowNanos - windowEndNanos >= 0) {
            // re-measure: an old low (or lucky) baseline expires, but only calm evidence may raise it
            if (calmMinNanos != Double.POSITIVE_INFINITY) {
                baselineNanos = Math.min(calmMinNanos, windowMinNanos);
            }
            windowMinNanos = Double.POSITIVE_INFINITY;
            calmMinNanos = Double.POSITIVE_INFINITY;
            windowEndNanos = nowNanos + windowNanos;
        }
    }

    /** Returns whether there is a baseline: the short average has seen {@value #WARMUP_SAMPLES} samples. */
    boolean ready() {
        return samples >= WARMUP_SAMPLES;
    }

    /** Returns the short average of RTT in nanoseconds (the mean until {@link #ready()}), 0 before a sample. */
    double smoothedNanos() {
        return smoothedNanos;
    }

    /** Returns the baseline (no-queue) RTT in nanoseconds, 0 until {@link #ready()}. */
    double baselineNanos() {
        return baselineNanos;
    }
}
