package io.tailguard.lab.latencyseries;

import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless) factory of the histogram every published latency percentile comes from:
 * milliseconds up to 60 000, three significant digits (labs-spec §2.2). Its bucket tops above
 * 2047 ms and its percentile rank rule are part of the published bytes.
 */
public final class LatencyHistograms {

    /** Highest recordable latency in milliseconds; larger values are clamped to it. */
    public static final long MAX_MILLIS = 60_000;

    private LatencyHistograms() {
    }

    /** Returns an empty histogram of the published shape. */
    public static Histogram create() {
        return new Histogram(MAX_MILLIS, 3);
    }

    /** Records {@code millis} clamped to 0–{@link #MAX_MILLIS}. */
    public static void record(Histogram histogram, long millis) {
        histogram.recordValue(Math.max(0, Math.min(MAX_MILLIS, millis)));
    }
}
