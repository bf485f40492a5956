package io.tailguard.load;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless): the end-of-step text in the style of wrk2 and HdrHistogram — the
 * headline percentiles, each table saying which requests it covers, status counts, and what the
 * generator itself could not do. The detailed percentile spectrum ({@code Value Percentile
 * TotalCount 1/(1-Percentile)}, milliseconds) that HdrHistogram's plotter reads is
 * {@link #spectra}, for a file.
 */
public final class Spectrum {

    private static final double[] HEADLINE = {50, 75, 90, 99, 99.9, 99.99, 99.999, 100};
    private static final double NANOS_PER_MILLI = 1e6;

    private Spectrum() {
    }

    /** Returns the summary of {@code step}. */
    public static String render(StepResult step) {
        StringBuilder out = new StringBuilder(2 * 1024);
        out.append(String.format(Locale.ROOT, "== rate %s for %.1fs: %d scheduled, %d sent%n", step.rateText(),
                step.durationSeconds(), step.scheduled(), step.sent()));
        out.append("  Latency from each request's due time, ").append(coverage(step)).append('\n');
        headline(out, step.latency());
        if (step.timeouts() > 0) {
            out.append(String.format(Locale.ROOT, "  Latency of all %d answered or timed-out requests, a timeout"
                    + " counted at %s%n", step.answered() + step.timeouts(), seconds(step.timeoutNanos())));
            headline(out, step.all());
        }
        out.append(String.format(Locale.ROOT, "  Service time (from the request's write, as a closed-loop tool"
                + " measures it), of the %d answered%n", step.answered()));
        headline(out, step.service());
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
                        + " of %d seconds; %s%n",
                millis(step.behindMaxNanos()), millis(StepResult.BEHIND_NANOS), step.secondsBehind(),
                step.measuredSeconds(), connections(step)));
        return out.toString();
    }

    /**
     * Returns which requests the answered latencies cover: "of 75 answered out of 800; 725 timed
     * out at 2s".
     */
    public static String coverage(StepResult step) {
        String text = String.format(Locale.ROOT, "of %d answered out of %d", step.answered(), step.scheduled());
        if (step.timeouts() > 0) {
            text += String.format(Locale.ROOT, "; %d timed out at %s", step.timeouts(), seconds(step.timeoutNanos()));
        }
        long lost = step.scheduled() - step.answered() - step.timeouts();
        if (lost > 0) {
            text += String.format(Locale.ROOT, "; %d lost with their connection", lost);
        }
        return text;
    }

    /**
     * Returns what the connections did: how many were opened, how many requests waited for one,
     * and, if the maximum held requests back, the ceiling it set and the flag that lifts it.
     */
    public static String connections(StepResult step) {
        String text = String.format(Locale.ROOT, "%d connections opened (at most %d); %d requests waited for a"
                + " free connection", step.opened(), step.maxConnections(), step.connectionWaits());
        if (step.hitMaxConnections()) {
            text += String.format(Locale.ROOT, ", %d of them because all %d were open and busy: %s",
                    step.waitsAtMax(), step.maxConnections(), Ceiling.sentence(step.maxConnections(), step.service()));
        }
        return text;
    }

    /** Returns the detailed percentile spectrum of every step, each under a line naming its rate and coverage. */
    public static String spectra(java.util.List<StepResult> steps) {
        StringBuilder out = new StringBuilder(8 * 1024);
        for (StepResult step : steps) {
            out.append(String.format(Locale.ROOT, "# rate %s: latency from the due time, %s%n", step.rateText(),
                    coverage(step)));
            out.append(detailed(step.latency())).append('\n');
        }
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

    /** Formats nanoseconds as whole seconds ("2s") when they are, else as milliseconds. */
    public static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + "s" : millis(nanos);
    }

    /** Formats nanoseconds as milliseconds with three decimals and a unit. */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3fms", nanos / NANOS_PER_MILLI);
    }
}
