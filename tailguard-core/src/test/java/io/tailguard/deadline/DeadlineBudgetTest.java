package io.tailguard.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DeadlineBudgetTest {

    private static final long MS = 1_000_000L;
    private final DeadlineBudget budget = new DeadlineBudget(Duration.ofMillis(400), Duration.ofMillis(15));

    @Test
    void anAttemptStartsOnlyWhileTheFloorStillFits() {
        ManualClock clock = new ManualClock(1_000 * MS);
        long start = clock.nanoTime();
        clock.advanceNanos(385 * MS);
        assertThat(budget.allowsAttempt(clock.nanoTime(), start)).as("385 + 15 = 400").isTrue();
        clock.advanceNanos(1);
        assertThat(budget.allowsAttempt(clock.nanoTime(), start)).isFalse();
    }

    @Test
    void theAttemptTimeoutIsCutToWhatIsLeft() {
        ManualClock clock = new ManualClock();
        long start = clock.nanoTime();
        assertThat(budget.attemptTimeoutNanos(clock.nanoTime(), start, 300 * MS)).isEqualTo(300 * MS);
        clock.advanceNanos(250 * MS);
        assertThat(budget.attemptTimeoutNanos(clock.nanoTime(), start, 300 * MS)).isEqualTo(150 * MS);
        clock.advanceNanos(500 * MS);
        assertThat(budget.remainingNanos(clock.nanoTime(), start)).isZero();
    }
}
