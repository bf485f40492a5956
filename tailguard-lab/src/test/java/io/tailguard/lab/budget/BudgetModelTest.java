package io.tailguard.lab.budget;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.CallTreeOutcome;
import org.junit.jupiter.api.Test;

class BudgetModelTest {

    @Test
    void aBudgetStartsNoDatabaseAttemptPastTheDeadlineAndCapsTheTail() {
        for (long deadline : new long[] {400, 600, 1000}) {
            CallTreeOutcome budget = BudgetExperiment.run("budget", deadline, 5_000, ArrivalPattern.CONSTANT, 7);
            assertThat(budget.pastDeadlinePct()).as("deadline %d", deadline).isZero();
            assertThat(budget.p99(0)).as("deadline %d", deadline).isLessThanOrEqualTo(deadline + 50.0);
        }
        CallTreeOutcome none = BudgetExperiment.run("no-protection", 400, 5_000, ArrivalPattern.CONSTANT, 7);
        assertThat(none.pastDeadlinePct()).isGreaterThan(50.0);
    }

    @Test
    void otherSeedsAndLengthsStillKeepTheBudgetWithinItsDeadline() {
        CallTreeOutcome budget = BudgetExperiment.run("budget+breaker", 500, 9_000, ArrivalPattern.POISSON, 3);
        assertThat(budget.pastDeadlinePct()).isZero();
        assertThat(budget.p99(0)).isLessThanOrEqualTo(550.0);
    }

    @Test
    void longerRunsGiveThePublishedModelsFiguresForThoseLengths() {
        // the published lab's own 400 ms table at 10 s and 20 s (budget, breaker)
        assertThat(BudgetExperiment.run("budget", 400, 10_000, ArrivalPattern.CONSTANT, 7).successPct(0))
                .isCloseTo(60.9, org.assertj.core.data.Offset.offset(0.05));
        assertThat(BudgetExperiment.run("budget", 400, 20_000, ArrivalPattern.CONSTANT, 7).successPct(0))
                .isCloseTo(52.0, org.assertj.core.data.Offset.offset(0.05));
        assertThat(BudgetExperiment.run("breaker", 400, 10_000, ArrivalPattern.CONSTANT, 7).successPct(0))
                .isCloseTo(33.9, org.assertj.core.data.Offset.offset(0.05));
        assertThat(BudgetExperiment.run("breaker", 400, 20_000, ArrivalPattern.CONSTANT, 7).successPct(0))
                .isCloseTo(26.5, org.assertj.core.data.Offset.offset(0.05));
    }

    @Test
    void seedTwoFlipsThePublishedBudgetOverBudgetPlusBreakerClaim() {
        // the published lab's probe: seed 2 gives budget 35.1 % vs budget+breaker 37.7 % at 400 ms
        assertThat(BudgetExperiment.run("budget", 400, 5_000, ArrivalPattern.CONSTANT, 2).successPct(0))
                .isCloseTo(35.1, org.assertj.core.data.Offset.offset(0.05));
        assertThat(BudgetExperiment.run("budget+breaker", 400, 5_000, ArrivalPattern.CONSTANT, 2).successPct(0))
                .isCloseTo(37.7, org.assertj.core.data.Offset.offset(0.05));
    }
}
