package io.tailguard.lab.slopolicy;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.latencyseries.LatencyHistograms;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe scoring of the scripted patterns (labs-spec §4.6): per second, every request's
 * latency goes into the window's histogram; a request is good if it succeeded within the latency
 * threshold; the objective is 99 % good, so the error budget is 1 % of requests and the burn rate is
 * the bad share divided by 1 %.
 */
final class SloPolicyModel {

    /** Overload added in seconds 1 to 5, as published; runs are capped at these five seconds. */
    static final long[] OVERLOAD_MS = {0, 40, 260, 460, 80};
    /** The objective's good share; the flag's "p99" is decorative, as published. */
    static final double BUDGET_RATIO = (100.0 - 99.0) / 100.0;
    static final double ALERT_BURN = 2.0;

    /** One pattern's totals. */
    record Summary(SloPattern pattern, long total, long good, long bad, double worstBurn, boolean alerted)
            implements CsvRow {

        static final List<String> HEADER = List.of("pattern", "total_requests", "good_requests", "bad_requests",
                "achieved_sli_pct", "worst_burn_rate", "final_budget_remaining_pct", "alert_triggered");

        @Override
        public List<String> cells() {
            return Cells.row("%s,%d,%d,%d,%.2f,%.2f,%.2f,%b", pattern.label(), total, good, bad, sliPct(), worstBurn,
                    budgetRemainingPct(), alerted);
        }

        double sliPct() {
            return good * 100.0 / total;
        }

        double budgetRemainingPct() {
            return remaining(bad, total);
        }
    }

    /** How request costs are chosen: the published arithmetic sequence, or seeded draws. */
    enum Mix {
        /** base 75 + (17 r mod 45), expensive iff r mod 100 ≥ 92, draw r mod 100 (published). */
        SCRIPTED,
        /** base 75 + uniform 0–44, expensive with probability 8 %, draw uniform 0–99. */
        RANDOM
    }

    final List<Summary> summaries = new ArrayList<>();
    final List<Window> windows = new ArrayList<>();

    /** One pattern's second. */
    record Window(SloPattern pattern, int second, long total, long good, long p99Ms, double burnRate,
                  double budgetRemainingPct, boolean alerting) implements CsvRow {

        static final List<String> HEADER = List.of("pattern", "elapsed_s", "total_requests", "good_requests",
                "bad_requests", "p99_ms", "bad_event_pct", "burn_rate", "budget_remaining_pct", "alerting");

        @Override
        public List<String> cells() {
            long bad = total - good;
            return Cells.row("%s,%d,%d,%d,%d,%.1f,%.2f,%.2f,%.2f,%b", pattern.label(), second, total, good, bad,
                    (double) p99Ms, bad * 100.0 / total, burnRate, budgetRemainingPct, alerting);
        }
    }

    /** Runs every pattern for {@code seconds} (1–5) at {@code rps} against {@code thresholdMs}. */
    static SloPolicyModel run(long seconds, long rps, long thresholdMs, Mix mix, long seed) {
        SloPolicyModel model = new SloPolicyModel();
        for (SloPattern p : SloPattern.values()) {
            // every pattern sees the same requests
            SplittableRandom random = new SplittableRandom(seed);
            long cumTotal = 0;
            long cumBad = 0;
            long good = 0;
            double worst = 0;
            boolean alerted = false;
            for (int s = 1; s <= seconds; s++) {
                Histogram window = LatencyHistograms.create();
                long windowGood = 0;
                for (long r = 0; r < rps; r++) {
                    long base = mix == Mix.SCRIPTED ? 75 + (17 * r) % 45 : 75 + random.nextInt(45);
                    boolean expensive = mix == Mix.SCRIPTED ? r % 100 >= 92 : random.nextInt(100) < 8;
                    int draw = mix == Mix.SCRIPTED ? (int) (r % 100) : random.nextInt(100);
                    SloPattern.Outcome o = p.serve(base, expensive, draw, OVERLOAD_MS[s - 1]);
                    LatencyHistograms.record(window, o.latencyMs());
                    if (o.success() && o.latencyMs() <= thresholdMs) {
                        windowGood++;
                    }
                }
                long bad = rps - windowGood;
                cumTotal += rps;
                cumBad += bad;
                good += windowGood;
                long p99 = window.getValueAtPercentile(99.0);
                double burn = ((double) bad / rps) / BUDGET_RATIO;
                boolean alerting = burn >= ALERT_BURN || p99 > thresholdMs;
                worst = Math.max(worst, burn);
                alerted |= alerting;
                model.windows.add(new Window(p, s, rps, windowGood, p99, burn, remaining(cumBad, cumTotal), alerting));
            }
            model.summaries.add(new Summary(p, cumTotal, good, cumTotal - good, worst, alerted));
        }
        return model;
    }

    /** Budget left after {@code bad} of {@code total}, in percent of the budget, at least 0. */
    static double remaining(long bad, long total) {
        return Math.max(0.0, 100.0 - bad * 100 / Math.max(1.0, total * BUDGET_RATIO));
    }

    CsvTable windowsTable() {
        return CsvTable.of("Windows", "slo-policy-slo-windows.csv", Window.HEADER, windows);
    }

    CsvTable summaryTable() {
        return CsvTable.of("Summary", "slo-policy-slo-summary.csv", Summary.HEADER, summaries);
    }
}
