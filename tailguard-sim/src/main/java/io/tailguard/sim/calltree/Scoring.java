package io.tailguard.sim.calltree;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless) scoring conventions of the published failure-propagation series: 100 ms
 * windows, a share with nothing offered reads 100 %, latencies in a millisecond HdrHistogram of three
 * significant digits up to 60 s.
 */
public final class Scoring {

    /** Width of a timeline window, ms. */
    public static final int WINDOW_MS = 100;

    private static final long HIGHEST_MS = 60_000;

    private Scoring() {
    }

    /** Returns an empty latency histogram in the published shape. */
    public static Histogram histogram() {
        return new Histogram(HIGHEST_MS, 3);
    }

    /** Records {@code ms} rounded half-up and clamped to [0, 60 000]. */
    public static void record(Histogram h, double ms) {
        h.recordValue(Math.min(Math.max(Math.round(ms), 0), HIGHEST_MS));
    }

    /** Returns the value at {@code percentile}, 0 for an empty histogram. */
    public static double percentile(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile);
    }

    /** Returns {@code 100 * part / whole}, or 100 when nothing was offered. */
    public static double pct(long part, long whole) {
        return whole == 0 ? 100.0 : 100.0 * part / whole;
    }

    /** Returns the number of whole windows scored in a run of {@code durationMs} with {@code deadlineMs}. */
    public static int windows(long durationMs, long deadlineMs) {
        return (int) ((durationMs - deadlineMs) / WINDOW_MS);
    }

    /** Formats with {@code String.format(Locale.ROOT, ...)}, as every published CSV is. */
    public static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
