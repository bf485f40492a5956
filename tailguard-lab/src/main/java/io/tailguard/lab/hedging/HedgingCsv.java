package io.tailguard.lab.hedging;

import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) formatting of the summary CSV and the terminal table. */
final class HedgingCsv {

    /** Header of {@code hedging-summary.csv}, fixed by issue 5. */
    static final String HEADER = "scenario,policy,attempts,delay,budget_pct,requests,hedged_pct,"
            + "extra_load_pct,p50_ms,p90_ms,p95_ms,p99_ms,p999_ms";

    /** Header of {@code hedging-outcomes.csv}: what the summary's fixed columns leave out. */
    static final String OUTCOMES_HEADER = "scenario,policy,attempts,delay,budget_pct,timeout_pct,"
            + "sla_miss_pct,backend_utilization_pct";

    private HedgingCsv() {
    }

    /** The CSV text, one line per row, with a trailing newline. */
    static String summary(List<RowResult> results) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (RowResult r : results) {
            HedgingRow row = r.row();
            out.append(String.format(Locale.ROOT, "%s,%s,%d,%s,%s,%d,%.2f,%.2f,%.1f,%.1f,%.1f,%.1f,%.1f%n",
                    row.scenario().label(), row.policyName(), row.attempts(), row.delayLabel(),
                    row.budgetPct() == 0 ? "" : Integer.toString(row.budgetPct()), r.requests(),
                    r.hedgedPct(), r.extraLoadPct(), r.p50Ms(), r.p90Ms(), r.p95Ms(), r.p99Ms(),
                    r.p999Ms()));
        }
        return out.toString();
    }

    /** The outcomes CSV: timeouts, misses of the 50 ms limit, station utilisation (empty if unbounded). */
    static String outcomes(List<RowResult> results) {
        StringBuilder out = new StringBuilder(OUTCOMES_HEADER).append('\n');
        for (RowResult r : results) {
            HedgingRow row = r.row();
            out.append(String.format(Locale.ROOT, "%s,%s,%d,%s,%s,%.2f,%.2f,%s%n",
                    row.scenario().label(), row.policyName(), row.attempts(), row.delayLabel(),
                    row.budgetPct() == 0 ? "" : Integer.toString(row.budgetPct()), r.timeoutPct(),
                    r.slaMissPct(), Double.isNaN(r.utilizationPct()) ? ""
                            : String.format(Locale.ROOT, "%.1f", r.utilizationPct())));
        }
        return out.toString();
    }

    /**
     * A fixed-width table for the terminal: the summary plus timeouts, misses of the 50 ms limit
     * and station utilisation.
     */
    static String table(List<RowResult> results) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-9s %-11s %3s %5s %6s %8s %8s %8s %7s %7s %7s %7s %7s %7s %6s%n",
                "scenario", "policy", "att", "delay", "budget", "hedged%", "extra%", "timeout%", ">50ms%",
                "p50", "p90", "p95", "p99", "p99.9", "util%"));
        for (RowResult r : results) {
            HedgingRow row = r.row();
            out.append(String.format(Locale.ROOT,
                    "%-9s %-11s %3d %5s %6s %8.2f %8.2f %8.2f %7.2f %7.1f %7.1f %7.1f %7.1f %7.1f %6s%n",
                    row.scenario().label(), row.policyName(), row.attempts(), row.delayLabel(),
                    row.budgetPct() == 0 ? "-" : row.budgetPct() + "%", r.hedgedPct(), r.extraLoadPct(),
                    r.timeoutPct(), r.slaMissPct(), r.p50Ms(), r.p90Ms(), r.p95Ms(), r.p99Ms(), r.p999Ms(),
                    Double.isNaN(r.utilizationPct()) ? "-"
                            : String.format(Locale.ROOT, "%.1f", r.utilizationPct())));
        }
        return out.toString();
    }
}
