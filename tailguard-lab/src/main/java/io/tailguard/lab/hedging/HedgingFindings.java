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
        HedgingResult satNone = find(results, HedgingScenario.SATURATED, "none", 1, "", 0);
        HedgingResult sat2 = find(results, HedgingScenario.SATURATED, "speculative", 2, "25ms", 0);
        HedgingResult sat2Budget = find(results, HedgingScenario.SATURATED, "speculative", 2, "25ms", 5);
        findings.add(f("Hedging after 25 ms cuts p99 from %.1f to %.1f ms on isolated stalls, but on a saturated station "
                + "it raises p90 from %.1f to %.1f ms.", none.p99Ms(), seed2.p99Ms(), satNone.p90Ms(), sat2.p90Ms()));
        findings.add(f("Without hedging p50/p90/p95/p99/p99.9 = %.1f/%.1f/%.1f/%.1f/%.1f ms (published 15/28/30/118/350); "
                + "the speculative task gives p99 %.1f, p99.9 %.1f ms (published 35, 65), hedging %.2f %% of calls, "
                + "%.2f %% timing out at 50 ms.", none.p50Ms(), none.p90Ms(), none.p95Ms(), none.p99Ms(), none.p999Ms(),
                seed2.p99Ms(), seed2.p999Ms(), seed2.hedgedPct(), seed2.timeoutPct()));
        if (seed3.extraLoadPct() == seed2.extraLoadPct() && seed3.p999Ms() == seed2.p999Ms()) {
            findings.add("A third attempt is never started: it would be due at 50 ms, when the call times out.");
        } else {
            findings.add(f("A third attempt moves extra load from %.2f %% to %.2f %% and p99.9 from %.1f to %.1f ms.",
                    seed2.extraLoadPct(), seed3.extraLoadPct(), seed2.p999Ms(), seed3.p999Ms()));
        }
        HedgingResult p95 = find(results, HedgingScenario.PUBLISHED, "percentile", 2, "p95", 0);
        HedgingResult p90Budget = find(results, HedgingScenario.PUBLISHED, "percentile", 2, "p90", 5);
        findings.add(f("A 5 %% budget holds the speculative task to %.2f %% extra load (p99 %.1f ms); a p95 delay hedges "
                + "%.2f %% (p99 %.1f ms); a p90 delay under the budget has p99.9 %.1f ms.", seed2Budget.extraLoadPct(),
                seed2Budget.p99Ms(), p95.hedgedPct(), p95.p99Ms(), p90Budget.p999Ms()));
        findings.add(f("Saturated station (%d workers, %.1f %% busy): hedging %.2f %% of calls makes them %.1f %% busy "
                + "and %.2f %% miss 50 ms (%.2f %% without); with the 5 %% budget, %.1f %% busy and %.2f %% miss.",
                HedgingScenario.SATURATED.workers(), satNone.utilizationPct(), sat2.hedgedPct(), sat2.utilizationPct(),
                sat2.slaMissPct(), satNone.slaMissPct(), sat2Budget.utilizationPct(), sat2Budget.slaMissPct()));
        return findings;
    }

    static HedgingResult find(List<HedgingResult> results, HedgingScenario scenario, String policy, int attempts,
            String delay, int budgetPct) {
        return results.stream()
                .filter(r -> r.row().scenario().equals(scenario) && r.row().policyName().equals(policy)
                        && r.row().attempts() == attempts && r.row().delayLabel().equals(delay)
                        && r.row().budgetPct() == budgetPct)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no row " + scenario.label() + " " + policy));
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
