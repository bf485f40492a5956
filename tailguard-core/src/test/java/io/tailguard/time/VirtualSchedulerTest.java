package io.tailguard.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VirtualSchedulerTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final List<String> ran = new ArrayList<>();

    private Runnable record(String name) {
        return () -> ran.add(name + "@" + scheduler.clock().nanoTime());
    }

    @Test
    void runsTasksByDueTimeThenSchedulingOrder() {
        scheduler.schedule(10, record("a"));
        scheduler.schedule(5, record("b"));
        scheduler.schedule(10, record("c"));
        scheduler.schedule(5, record("d"));
        scheduler.advanceNanos(20);
        assertThat(ran).containsExactly("b@5", "d@5", "a@10", "c@10");
        assertThat(scheduler.clock().nanoTime()).isEqualTo(20);
    }

    @Test
    void runsNothingBeforeItIsDue() {
        scheduler.schedule(Duration.ofNanos(10), record("a"));
        scheduler.advanceNanos(9);
        assertThat(ran).isEmpty();
        assertThat(scheduler.pendingCount()).isEqualTo(1);
        scheduler.advanceNanos(1);
        assertThat(ran).containsExactly("a@10");
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void cancelledTaskNeverRunsAndCancelReportsWhetherItWon() {
        Cancellable first = scheduler.schedule(5, record("a"));
        Cancellable second = scheduler.schedule(5, record("b"));
        assertThat(first.cancel()).isTrue();
        assertThat(first.cancel()).isFalse();
        assertThat(scheduler.pendingCount()).isEqualTo(1);
        scheduler.advanceNanos(5);
        assertThat(ran).containsExactly("b@5");
        assertThat(second.cancel()).isFalse();
    }

    @Test
    void tasksMayScheduleTasksThatRunInTheSameAdvanceWhenDue() {
        scheduler.schedule(5, () -> {
            ran.add("outer@" + scheduler.clock().nanoTime());
            scheduler.schedule(3, record("inner"));
            scheduler.schedule(10, record("late"));
            scheduler.schedule(0, record("now"));
        });
        scheduler.advanceNanos(10);
        assertThat(ran).containsExactly("outer@5", "now@5", "inner@8");
        scheduler.advanceNanos(5);
        assertThat(ran).endsWith("late@15");
    }

    @Test
    void runDueRunsZeroDelayTasksWithoutMovingTime() {
        scheduler.advanceNanos(7);
        scheduler.schedule(0, record("a"));
        scheduler.schedule(-3, record("b"));
        scheduler.schedule(1, record("c"));
        scheduler.runDue();
        assertThat(ran).containsExactly("a@7", "b@7");
        assertThat(scheduler.clock().nanoTime()).isEqualTo(7);
    }

    @Test
    void runUntilIdleRunsChainsToTheEndAndCountsOnlyLiveTasks() {
        scheduler.schedule(100, () -> scheduler.schedule(50, record("chained")));
        scheduler.schedule(20, record("a"));
        scheduler.schedule(30, record("cancelled")).cancel();
        assertThat(scheduler.runUntilIdle()).isEqualTo(3);
        assertThat(ran).containsExactly("a@20", "chained@150");
        assertThat(scheduler.clock().nanoTime()).isEqualTo(150);
        assertThat(scheduler.runUntilIdle()).isZero();
    }

    @Test
    void rejectsNegativeSteps() {
        assertThatThrownBy(() -> scheduler.advanceNanos(-1)).hasMessage("stepNanos must be >= 0 but was -1");
    }
}
