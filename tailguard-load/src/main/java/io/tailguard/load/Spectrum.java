package io.tailguard.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless): the end-of-step text in the style of wrk2 and HdrHistogram — the
 * headline percentiles, the detailed percentile spectrum ({@code Value Percentile TotalCount
 * 1/(1-Percentile)}, milliseconds) that HdrHistogram's plotter reads, status counts, and what the
 * generator itself could not do.
 */
public final class Spectrum {

    private static final double[] HEADLINE = {50, 75, 90, 99, 99.9, 99.99, 99.999, 100};
    private static final double NANOS_PER_MILLI = 1e6;

    private Spectrum() {
    }

    /** Returns the full report of {@code step}. */
    public static String render(StepResult step) {
        StringBuilder out = new StringBuilder(8 * 1024);
        out.append(String.format(Locale.ROOT, "== rate %d/s for %.1fs: %d scheduled, %d sent%n", step.rate(),
                step.durationSeconds(), step.scheduled(), step.sent()));
        out.append("  Latency Distribution (HdrHistogram - latency from each request's due time)\n");
        headline(out, step.latency());
        out.append("  Service time (from the request's write, as a closed-loop tool measures it)\n");
        headline(out, step.service());
        out.append("\n  Detailed Percentile spectrum (latency from due time):\n");
        out.append(detailed(step.latency()));
        out.append(String.format(Locale.ROOT, "  ok %d  shed (429/503) %d  errors %d  timeouts %d%n", step.ok(),
                step.shed(), step.errors(), step.timeouts()));
        out.append("  status");
        if (step.statuses().isEmpty()) {
            out.append(" none");
        }
        for (Map.Entry<Integer, Long> e : new java.util.TreeMap<>(step.statuses()).entrySet()) {
            out.append(' ').append(e.getKey() == 0 ? "other" : e.getKey()).append('=').append(e.getValue());
        }
        out.append('\n');
        out.append(String.format(Locale.ROOT, "  generator: at most %s behind schedule; more than %s behind in %d"
                        + " of %d seconds; at most %d requests waited for a free connection%n",
                millis(step.behindMaxNanos()), millis(StepResult.BEHIND_NANOS), step.secondsBehind(),
                step.measuredSeconds(), step.waitingMax()));
        return out.toString();
    }

    private static void headline(StringBuilder out, Histogram h) {
        for (double p : HEADLINE) {
            out.append(String.format(Locale.ROOT, "  %8.3f%%  %s%n", p, millis(h, p)));
        }
    }

    /** Returns HdrHistogram's own percentile distribution of {@code h} in milliseconds. */
    public static String detailed(Histogram h) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(print, 5, NANOS_PER_MILLI);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Returns percentile {@code p} of {@code h} as milliseconds with a unit, or "-" if empty. */
    public static String millis(Histogram h, double p) {
        return h.getTotalCount() == 0 ? "-" : millis(h.getValueAtPercentile(p));
    }

    /** Formats nanoseconds as milliseconds with three decimals and a unit. */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3fms", nanos / NANOS_PER_MILLI);
    }
}
