package io.tailguard.lab.hedging;

import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgeDelay;
import io.tailguard.hedge.HedgePolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Thread-safe (immutable) row of the experiment: a policy, or none, in one scenario.
 *
 * @param scenario the backend setting
 * @param policyName {@code none}, {@code speculative} or {@code percentile}
 * @param delayLabel {@code 25ms}, {@code p90}, {@code p95}, or empty for none
 * @param budgetPct the budget's extra load in percent, or 0 when unbudgeted
 * @param policy the hedge policy, or null to call the backend directly
 */
record HedgingRow(HedgingScenario scenario, String policyName, String delayLabel, int budgetPct,
        HedgePolicy policy) {

    /** Budget of the budgeted rows, in percent of calls. */
    static final int BUDGET_PCT = 5;
    /** Burst of the budgeted rows: extra attempts that can be saved up. */
    static final int BUDGET_TOKENS = 10;
    /** Overall timeout of the percentile rows: long enough to show what the delay alone does. */
    static final Duration PERCENTILE_TIMEOUT = Duration.ofSeconds(1);

    /** Attempts per call, 1 for none. */
    int attempts() {
        return policy == null ? 1 : policy.maxAttempts();
    }

    /** The rows of one scenario, in table order. */
    static List<HedgingRow> of(HedgingScenario scenario) {
        List<HedgingRow> rows = new ArrayList<>();
        rows.add(new HedgingRow(scenario, "none", "", 0, null));
        for (int attempts = 2; attempts <= 3; attempts++) {
            HedgePolicy seed = HedgePolicy.speculative(attempts, Duration.ofMillis(25), Duration.ofMillis(50));
            rows.add(new HedgingRow(scenario, "speculative", "25ms", 0, seed));
            rows.add(new HedgingRow(scenario, "speculative", "25ms", BUDGET_PCT, budgeted(seed)));
        }
        for (int percentile : new int[] {90, 95}) {
            HedgePolicy adaptive = new HedgePolicy(2, HedgeDelay.percentile(percentile),
                    PERCENTILE_TIMEOUT, Optional.empty(), error -> true);
            rows.add(new HedgingRow(scenario, "percentile", "p" + percentile, 0, adaptive));
            rows.add(new HedgingRow(scenario, "percentile", "p" + percentile, BUDGET_PCT, budgeted(adaptive)));
        }
        return rows;
    }

    private static HedgePolicy budgeted(HedgePolicy policy) {
        return policy.withBudget(new HedgeBudget(BUDGET_PCT / 100.0, BUDGET_TOKENS));
    }
}
