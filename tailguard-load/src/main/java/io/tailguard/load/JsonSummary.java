package io.tailguard.load;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless): one machine-readable JSON summary of a run, one object per rate. Its
 * fields are documented in the module's README; milliseconds are decimals, counts are integers, and
 * an empty histogram's percentiles are {@code null}.
 */
public final class JsonSummary {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};
    private static final String[] NAMES = {"p50", "p90", "p99", "p999", "max"};

    private JsonSummary() {
    }

    /** Returns {@code {"target": ..., "steps": [...]}} on one line, ending in a newline. */
    public static String render(String target, List<StepResult> steps) {
        StringBuilder out = new StringBuilder(1024);
        out.append("{\"target\":").append(quote(target)).append(",\"steps\":[");
        for (int i = 0; i < steps.size(); i++) {
            out.append(i == 0 ? "" : ",");
            step(out, steps.get(i));
        }
        return out.append("]}\n").toString();
    }

    private static void step(StringBuilder out, StepResult s) {
        long[] classes = new long[6];
        for (Map.Entry<Integer, Long> e : s.statuses().entrySet()) {
            int c = e.getKey() / 100;
            classes[c >= 1 && c <= 5 ? c : 0] += e.getValue();
        }
        out.append("{\"rate_per_s\":").append(perSecond(s.offered()))
                .append(",\"duration_s\":").append(number(s.durationSeconds()))
                .append(",\"scheduled\":").append(s.scheduled())
                .append(",\"sent\":").append(s.sent())
                .append(",\"answered\":{\"1xx\":").append(classes[1]).append(",\"2xx\":").append(classes[2])
                .append(",\"3xx\":").append(classes[3]).append(",\"4xx\":").append(classes[4])
                .append(",\"5xx\":").append(classes[5]).append(",\"other\":").append(classes[0]).append('}')
                .append(",\"timeouts\":").append(s.timeouts())
                .append(",\"timeout_ms\":").append(number(s.timeoutNanos() / 1e6))
                .append(",\"lost\":").append(Math.max(0, s.scheduled() - s.answered() - s.timeouts()))
                .append(",\"connections\":{\"opened\":").append(s.opened())
                .append(",\"max\":").append(s.maxConnections())
                .append(",\"waits\":").append(s.connectionWaits())
                .append(",\"waits_at_max\":").append(s.waitsAtMax())
                .append(",\"waiting_max\":").append(s.waitingMax())
                .append(",\"ceiling_per_s\":").append(s.hitMaxConnections() ? number(s.ceilingPerSecond()) : "null")
                .append('}');
        out.append(",\"latency_from_due_ms\":");
        percentiles(out, s.latency());
        out.append(",\"latency_from_due_all_ms\":");
        percentiles(out, s.all());
        out.append(",\"latency_from_write_ms\":");
        percentiles(out, s.service());
        out.append(",\"generator\":{\"behind_max_ms\":").append(number(s.behindMaxNanos() / 1e6))
                .append(",\"seconds_behind\":").append(s.secondsBehind())
                .append(",\"seconds_measured\":").append(s.measuredSeconds()).append("}}");
    }

    private static void percentiles(StringBuilder out, Histogram h) {
        out.append("{\"count\":").append(h.getTotalCount());
        for (int i = 0; i < PERCENTILES.length; i++) {
            out.append(",\"").append(NAMES[i]).append("\":")
                    .append(h.getTotalCount() == 0 ? "null" : number(h.getValueAtPercentile(PERCENTILES[i]) / 1e6));
        }
        out.append('}');
    }

    /** The rate a second, exact when it is a short decimal ({@code 0.5}), else to nine significant digits. */
    static String perSecond(Rate rate) {
        String text = RateText.format(rate);
        if (text.endsWith("/s")) {
            return text.substring(0, text.length() - 2);
        }
        return BigDecimal.valueOf(rate.count()).multiply(BigDecimal.valueOf(1_000_000_000L))
                .divide(BigDecimal.valueOf(rate.periodNanos()), new MathContext(9)).toPlainString();
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    static String quote(String text) {
        StringBuilder q = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                q.append('\\').append(c);
            } else if (c < 0x20) {
                q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                q.append(c);
            }
        }
        return q.append('"').toString();
    }
}
