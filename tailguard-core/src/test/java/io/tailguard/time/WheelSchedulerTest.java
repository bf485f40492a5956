package io.tailguard.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WheelSchedulerTest {

    private final ManualClock clock = new ManualClock(1_000);
    private final List<Throwable> errors = new ArrayList<>();
    private final WheelScheduler scheduler = new WheelScheduler(clock, Duration.ofNanos(16), 8, errors::add);
    private final List<String> ran = new ArrayList<>();

    @Test
    void runsTimersExactlyWhenDueUnderAManualClock() {
        scheduler.schedule(10, () -> ran.add("a@" + clock.nanoTime()));
        scheduler.timers().start(1_005, id -> ran.add("b@" + clock.nanoTime()));
        clock.advanceNanos(4);
        assertThat(scheduler.poll()).isZero();
        clock.advanceNanos(1);
        assertThat(scheduler.poll()).isEqualTo(1);
        clock.advanceNanos(5);
        scheduler.poll();
        assertThat(ran).containsExactly("b@1005", "a@1010");
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void cancelledTimersNeverRunAndCancelSaysWhetherItWon() {
        Cancellable handle = scheduler.schedule(10, () -> ran.add("handle"));
        long id = scheduler.timers().start(1_010, timerId -> ran.add("id"));
        assertThat(handle.cancel()).isTrue();
        assertThat(scheduler.timers().cancel(id)).isTrue();
        assertThat(scheduler.timers().cancel(id)).isFalse();
        clock.advanceNanos(100);
        scheduler.poll();
        assertThat(ran).isEmpty();
    }

    @Test
    void aHandlerMayStartATimerAlreadyDueAndItRunsInTheSamePoll() {
        scheduler.schedule(10, () -> {
            ran.add("outer");
            scheduler.schedule(0, () -> ran.add("inner"));
        });
        clock.advanceNanos(10);
        assertThat(scheduler.poll()).isEqualTo(2);
        assertThat(ran).containsExactly("outer", "inner");
    }

    @Test
    void aFailingHandlerGoesToTheErrorHandlerAndTheOthersStillRun() {
        IllegalStateException boom = new IllegalStateException("boom");
        scheduler.schedule(1, () -> {
            throw boom;
        });
        scheduler.schedule(1, () -> ran.add("next"));
        clock.advanceNanos(1);
        scheduler.poll();
        assertThat(errors).containsExactly(boom);
        assertThat(scheduler.errors()).isEqualTo(1);
        assertThat(ran).containsExactly("next");
    }

    @Test
    void itsThreadRunsTimersOnRealTimeNeverEarly() throws Exception {
        try (WheelScheduler real = new WheelScheduler(NanoClock.system(), Duration.ofMillis(1), 64)) {
            real.startThread("wheel-test");
            CountDownLatch done = new CountDownLatch(1);
            AtomicLong lateness = new AtomicLong(-1);
            long startNanos = real.clock().nanoTime();
            real.timers().start(startNanos + 3_000_000L, id -> {
                lateness.set(real.clock().nanoTime() - (startNanos + 3_000_000L));
                done.countDown();
            });
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(lateness.get()).isNotNegative();
        }
    }

    @Test
    void itsThreadAsleepUntilAFarTimerWakesForAnEarlierOneStartedLater() throws Exception {
        try (WheelScheduler real = new WheelScheduler(NanoClock.system(), Duration.ofMillis(1), 64)) {
            real.startThread("wheel-test");
            long startNanos = real.clock().nanoTime();
            real.timers().start(startNanos + TimeUnit.MINUTES.toNanos(10), id -> { });
            awaitAsleep("wheel-test");
            CountDownLatch done = new CountDownLatch(1);
            real.timers().start(real.clock().nanoTime() + 1_000_000L, id -> done.countDown());
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(real.pendingCount()).isEqualTo(1);
        }
    }

    @Test
    void systemSchedulerIsAWheel() {
        assertThat(Scheduler.system()).isInstanceOf(WheelScheduler.class);
        assertThat(Scheduler.system().timers()).isSameAs(Scheduler.system());
    }
    /** Waits until the thread named {@code name} sleeps with a timeout: it found the far timer and waits for it. */
    private static void awaitAsleep(String name) {
        while (true) {
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.getName().equals(name) && thread.getState() == Thread.State.TIMED_WAITING) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
    }
}
