package io.tailguard.sim.windowed;

import org.HdrHistogram.Histogram;

/**
 * Not thread-safe histogram of whole milliseconds as the published lab keeps them: HdrHistogram
 * up to 60 000 ms with 3 significant digits, values clamped into [0, 60 000], so a percentile
 * above 2 047 ms is the top of its bucket (49 151, not 49 000).
 */
public final class MillisHistogram {

    /** Largest recorded value, milliseconds. */
    public static final long MAX_MS = 60_000;

    private final Histogram histogram = new Histogram(MAX_MS, 3);

    /** Records {@code ms} clamped into [0, 60 000]. */
    public void record(long ms) {
        histogram.recordValue(Math.min(Math.max(ms, 0), MAX_MS));
    }

    /** Records {@code ms} rounded half-up, then clamped (the published {@code clampMs}). */
    public void recordRounded(double ms) {
        record(clampMs(ms));
    }

    /** Value at percentile {@code p} (0–100); 0 when empty. */
    public long percentile(double p) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(p);
    }

    /** Number of recorded values. */
    public long count() {
        return histogram.getTotalCount();
    }

    /** {@code min(max(round(ms), 0), 60 000)}. */
    public static long clampMs(double ms) {
        return Math.min(Math.max(Math.round(ms), 0), MAX_MS);
    }
}
