package io.tailguard.lab.budget;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.failure.Arrivals;
import io.tailguard.lab.failure.CallTreeOutcome;
import org.junit.jupiter.api.Test;

class BudgetModelTest {

    @Test
    void aBudgetStartsNoDatabaseAttemptPastTheDeadlineAndCapsTheTail() {
        for (long deadline : new long[] {400, 600, 1000}) {
            CallTreeOutcome budget = BudgetExperiment.run("budget", deadline, 5_000, Arrivals.CONSTANT, 7);
            assertThat(budget.pastDeadlinePct()).as("deadline %d", deadline).isZero();
            assertThat(budget.p99(0)).as("deadline %d", deadline).isLessThanOrEqualTo(deadline + 50.0);
        }
        CallTreeOutcome none = BudgetExperiment.run("no-protection", 400, 5_000, Arrivals.CONSTANT, 7);
        assertThat(none.pastDeadlinePct()).isGreaterThan(50.0);
    }

    @Test
    void otherSeedsAndLengthsStillKeepTheBudgetWithinItsDeadline() {
        CallTreeOutcome budget = BudgetExperiment.run("budget+breaker", 500, 9_000, Arrivals.POISSON, 3);
        assertThat(budget.pastDeadlinePct()).isZero();
        assertThat(budget.p99(0)).isLessThanOrEqualTo(550.0);
    }
}
