package io.tailguard.lab.hedging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HedgingSimulationTest {

    private static final long REQUESTS = 200_000;

    private static HedgingResult run(HedgingScenario scenario, String policy, int attempts, int budgetPct,
            String delay) {
        HedgingRow row = HedgingRow.of(scenario).stream()
                .filter(r -> r.policyName().equals(policy) && r.attempts() == attempts
                        && r.budgetPct() == budgetPct && r.delayLabel().equals(delay))
                .findFirst().orElseThrow();
        return new HedgingSimulation(row, REQUESTS, 4).run();
    }

    @Test
    void baselineReproducesTheSeedWithinTenPercent() {
        HedgingResult none = run(HedgingScenario.PUBLISHED, "none", 1, 0, "");

        assertThat(none.p50Ms()).isBetween(13.5, 16.5);
        assertThat(none.p90Ms()).isBetween(25.2, 30.8);
        assertThat(none.p95Ms()).isBetween(27.0, 33.0);
        assertThat(none.p99Ms()).isBetween(106.2, 129.8);
        assertThat(none.p999Ms()).isBetween(315.0, 385.0);
        assertThat(none.hedgedPct()).isZero();
    }

    @Test
    void seedsSpeculativePolicyMeetsTheSeedsBounds() {
        HedgingResult speculative = run(HedgingScenario.PUBLISHED, "speculative", 2, 0, "25ms");

        assertThat(speculative.p99Ms()).isLessThanOrEqualTo(40.0);
        assertThat(speculative.p999Ms()).isLessThanOrEqualTo(80.0);
        // the first attempt passes 25 ms in about a fifth of calls: that is the true hedge rate
        assertThat(speculative.hedgedPct()).isBetween(15.0, 25.0);
    }

    @Test
    void budgetCapsExtraLoadAtFivePercent() {
        HedgingResult budgeted = run(HedgingScenario.PUBLISHED, "speculative", 2, 5, "25ms");

        // 5 % of calls plus the 10 tokens the budget starts with
        assertThat(budgeted.extraLoadPct()).isLessThanOrEqualTo(5.0 + 100.0 * 10 / REQUESTS);
        assertThat(budgeted.extraLoadPct()).isGreaterThan(4.9);
    }

    @Test
    void unbudgetedHedgingOverloadsTheSaturatedStationAndTheBudgetPreventsIt() {
        HedgingResult none = run(HedgingScenario.SATURATED, "none", 1, 0, "");
        HedgingResult unbudgeted = run(HedgingScenario.SATURATED, "speculative", 2, 0, "25ms");
        HedgingResult budgeted = run(HedgingScenario.SATURATED, "speculative", 2, 5, "25ms");

        assertThat(none.utilizationPct()).isBetween(78.0, 82.0);
        assertThat(unbudgeted.utilizationPct()).isGreaterThan(none.utilizationPct() + 5.0);
        assertThat(unbudgeted.p90Ms()).isGreaterThan(none.p90Ms() * 1.15);
        assertThat(unbudgeted.slaMissPct()).isGreaterThan(none.slaMissPct() * 1.5);
        assertThat(budgeted.slaMissPct()).isLessThan(none.slaMissPct());
        assertThat(budgeted.p90Ms()).isLessThan(none.p90Ms() * 1.05);
    }

    @Test
    void sameSeedGivesTheSameNumbers() {
        HedgingRow row = HedgingRow.of(HedgingScenario.SATURATED).get(5);
        HedgingResult first = new HedgingSimulation(row, 20_000, 9).run();
        HedgingResult second = new HedgingSimulation(row, 20_000, 9).run();
        HedgingResult otherSeed = new HedgingSimulation(row, 20_000, 10).run();

        assertThat(second).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
    }

    @Test
    void summaryCsvHasTheIssuesHeaderAndOneLinePerRow() {
        List<HedgingResult> results = HedgingRuns.run(HedgingRow.of(HedgingScenario.PUBLISHED), 2_000, 1, 2);
        String csv = HedgingTables.summary(results).toCsv();

        assertThat(csv.lines().findFirst()).hasValue("scenario,policy,attempts,delay,budget_pct,"
                + "requests,hedged_pct,extra_load_pct,p50_ms,p90_ms,p95_ms,p99_ms,p999_ms");
        assertThat(csv.lines().skip(1)).hasSize(9).allMatch(line -> line.split(",", -1).length == 13);
        assertThat(csv.lines().skip(1).findFirst()).hasValueSatisfying(
                line -> assertThat(line).startsWith("seed,none,1,,,2000,0.00,0.00,"));
        assertThat(csv).contains("\nseed,speculative,2,25ms,5,2000,").contains("\nseed,percentile,2,p95,,2000,");
    }
}
