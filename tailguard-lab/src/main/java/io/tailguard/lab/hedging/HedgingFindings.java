package io.tailguard.lab.hedging;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) paragraphs computed from the measured rows. */
final class HedgingFindings {

    private HedgingFindings() {
    }

    /** Every finding, in report order. */
    static List<String> all(List<HedgingResult> results) {
        List<String> findings = new ArrayList<>();
        HedgingResult none = find(results, HedgingScenario.PUBLISHED, "none", 1, "", 0);
        HedgingResult seed2 = find(results, HedgingScenario.PUBLISHED, "speculative", 2, "25ms", 0);
        HedgingResult seed3 = find(results, HedgingScenario.PUBLISHED, "speculative", 3, "25ms", 0);
        HedgingResult seed2Budget = find(results, HedgingScenario.PUBLISHED, "speculative", 2, "25ms", 5);
        findings.add(f("The published scenario without hedging: p50/p90/p95/p99/p99.9 = %.1f/%.1f/%.1f/%.1f/%.1f ms "
                + "(the published hedging article measured 15/28/30/118/350). Its speculative task "
                + "(2 attempts, patience 25 ms, "
                + "timeout 50 ms) gives p99 %.1f ms and p99.9 %.1f ms (the article reported 35 and 65), at the price "
                + "of hedging %.2f %% of calls — the first attempt is slower than 25 ms that often in this "
                + "distribution — and %.2f %% of calls ending in the 50 ms timeout.",
                none.p50Ms(), none.p90Ms(), none.p95Ms(), none.p99Ms(), none.p999Ms(),
                seed2.p99Ms(), seed2.p999Ms(), seed2.hedgedPct(), seed2.timeoutPct()));
        if (seed3.extraLoadPct() == seed2.extraLoadPct() && seed3.p999Ms() == seed2.p999Ms()) {
            findings.add("A third attempt changes nothing with these settings: it would start at 2 x 25 ms = 50 ms, "
                    + "the moment the call times out, so the hedger never starts it.");
        } else {
            findings.add(f("A third attempt moved extra load from %.2f %% to %.2f %% and p99.9 from %.1f to %.1f ms.",
                    seed2.extraLoadPct(), seed3.extraLoadPct(), seed2.p999Ms(), seed3.p999Ms()));
        }
        HedgingResult p95 = find(results, HedgingScenario.PUBLISHED, "percentile", 2, "p95", 0);
        HedgingResult p90Budget = find(results, HedgingScenario.PUBLISHED, "percentile", 2, "p90", 5);
        findings.add(f("A 5 %% budget held the speculative policy to %.2f %% extra load (p99 %.1f ms, p99.9 %.1f ms). "
                + "A p95 delay hedges %.2f %% of calls by itself (p99 %.1f, p99.9 %.1f ms); a p90 delay under a 5 %% "
                + "budget wants more hedges than the budget allows, and its p99.9 is %.1f ms.",
                seed2Budget.extraLoadPct(), seed2Budget.p99Ms(), seed2Budget.p999Ms(),
                p95.hedgedPct(), p95.p99Ms(), p95.p999Ms(), p90Budget.p999Ms()));
        HedgingResult satNone = find(results, HedgingScenario.SATURATED, "none", 1, "", 0);
        HedgingResult sat2 = find(results, HedgingScenario.SATURATED, "speculative", 2, "25ms", 0);
        HedgingResult sat2Budget = find(results, HedgingScenario.SATURATED, "speculative", 2, "25ms", 5);
        findings.add(f("Saturated station (%d workers at %.1f %% busy without hedging): the same speculative policy "
                + "hedges %.2f %% of calls, drives the workers to %.1f %% busy and raises p50 from %.1f to %.1f ms and "
                + "p90 from %.1f to %.1f ms; %.2f %% of calls miss the 50 ms limit against %.2f %% without hedging. "
                + "With the 5 %% budget the workers are %.1f %% busy, p90 is %.1f ms and %.2f %% miss the limit.",
                HedgingScenario.SATURATED.workers(), satNone.utilizationPct(), sat2.hedgedPct(), sat2.utilizationPct(),
                satNone.p50Ms(), sat2.p50Ms(), satNone.p90Ms(), sat2.p90Ms(), sat2.slaMissPct(),
                satNone.slaMissPct(), sat2Budget.utilizationPct(), sat2Budget.p90Ms(), sat2Budget.slaMissPct()));
        return findings;
    }

    static HedgingResult find(List<HedgingResult> results, HedgingScenario scenario, String policy, int attempts,
            String delay, int budgetPct) {
        return results.stream()
                .filter(r -> r.row().scenario() == scenario && r.row().policyName().equals(policy)
                        && r.row().attempts() == attempts && r.row().delayLabel().equals(delay)
                        && r.row().budgetPct() == budgetPct)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no row " + scenario + " " + policy));
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
