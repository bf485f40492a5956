package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import io.tailguard.config.DurationText;
import java.time.Duration;
import java.util.Locale;

/**
 * Thread-safe (immutable): one {@code --slo}, a latency bound ({@code p99<=250ms@2x}, also
 * {@code p50} and {@code p999}) or a goodput share ({@code goodput>=0.9@5x}: 2xx answered within
 * the client's patience, as a share of the requests offered) at one of the plan's loads.
 *
 * @param text   as written
 * @param metric {@code p50}, {@code p99}, {@code p999} or {@code goodput}
 * @param bound  milliseconds for a latency, a share for goodput
 * @param load   the load it applies to
 */
record Slo(String text, String metric, double bound, LoadText load) {

    static final String USAGE = "--slo must be 'p99<=250ms@2x' (p50, p99, p999) or 'goodput>=0.9@5x'";

    static Slo parse(String text) {
        String t = text == null ? "" : text.trim();
        int at = t.lastIndexOf('@');
        if (at < 0) {
            throw new UsageException(USAGE + " but was '" + t + "'");
        }
        LoadText load = LoadText.parse(t.substring(at + 1).trim());
        String condition = t.substring(0, at).trim();
        if (condition.startsWith("goodput>=")) {
            try {
                double share = Double.parseDouble(condition.substring("goodput>=".length()));
                if (share >= 0 && share <= 1) {
                    return new Slo(t, "goodput", share, load);
                }
            } catch (NumberFormatException notANumber) {
                // answered below
            }
            throw new UsageException(USAGE + " with a goodput share from 0 to 1 but was '" + t + "'");
        }
        int le = condition.indexOf("<=");
        String metric = le < 0 ? "" : condition.substring(0, le).trim();
        if (!metric.equals("p50") && !metric.equals("p99") && !metric.equals("p999")) {
            throw new UsageException(USAGE + " but was '" + t + "'");
        }
        Duration limit = DurationText.parseOrNull(condition.substring(le + 2).trim());
        if (limit == null || limit.isNegative() || limit.isZero()) {
            throw new UsageException(USAGE + " with a positive duration but was '" + t + "'");
        }
        return new Slo(t, metric, limit.toNanos() / 1e6, load);
    }

    /** Returns the measured figure this SLO reads from {@code row}. */
    double measured(PlanRow row) {
        return switch (metric) {
            case "p50" -> row.p50Millis();
            case "p99" -> row.p99Millis();
            case "p999" -> row.p999Millis();
            default -> row.offeredRps() == 0 ? 0.0 : row.goodputRps() / row.offeredRps();
        };
    }

    /** Returns true if {@code row} meets this SLO (a latency with no goodput at all does not). */
    boolean met(PlanRow row) {
        double value = measured(row);
        return metric.equals("goodput") ? value >= bound : !Double.isNaN(value) && value <= bound;
    }

    /** Describes the figure {@code row} gave, e.g. "p99 was 412.300 ms". */
    String describe(PlanRow row) {
        double value = measured(row);
        return metric.equals("goodput") ? String.format(Locale.ROOT, "goodput was %.3f of offered", value)
                : String.format(Locale.ROOT, "%s was %.3f ms", metric, value);
    }
}
