package io.tailguard.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class StripedWheelSchedulerTest {

    private final ManualClock clock = new ManualClock(1_000);
    private final WheelScheduler scheduler = new WheelScheduler(clock, Duration.ofNanos(16), 8, 2, error -> { });
    private final List<String> ran = new ArrayList<>();

    @Test
    void timersOfTwoThreadsLiveOnTwoStripesAndEachIsCancelledOnItsOwn() throws Exception {
        long mine = scheduler.timers().start(1_010, id -> ran.add("mine:" + id));
        long theirs = onAnotherThread(() -> scheduler.timers().start(1_010, id -> ran.add("theirs:" + id)));

        // the first timer of each stripe's wheel: the same place and generation, told apart by the stripe
        assertThat(theirs).isNotEqualTo(mine);
        assertThat(Long.bitCount(mine ^ theirs)).isEqualTo(1);
        assertThat(scheduler.pendingCount()).isEqualTo(2);

        assertThat(onAnotherThread(() -> scheduler.timers().cancel(mine))).isTrue();
        assertThat(scheduler.timers().cancel(mine)).isFalse();
        clock.advanceNanos(9);
        assertThat(scheduler.poll()).isZero();
        clock.advanceNanos(1);
        assertThat(scheduler.poll()).isEqualTo(1);
        assertThat(ran).containsExactly("theirs:" + theirs);
        assertThat(scheduler.timers().cancel(theirs)).isFalse();
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void aPollRunsTheDueTimersOfEveryStripeAndNoneEarly() throws Exception {
        scheduler.timers().start(1_020, id -> ran.add("a"));
        onAnotherThread(() -> scheduler.timers().start(1_005, id -> ran.add("b")));
        onAnotherThread(() -> scheduler.timers().start(1_030, id -> ran.add("c")));
        clock.advanceNanos(20);
        assertThat(scheduler.poll()).isEqualTo(2);
        assertThat(ran).containsExactlyInAnyOrder("a", "b");
        clock.advanceNanos(10);
        assertThat(scheduler.poll()).isEqualTo(1);
        assertThat(ran).endsWith("c");
    }

    @Test
    void refusesAStripeCountThatIsNotAPowerOfTwoOrTooMany() {
        assertThatThrownBy(() -> new WheelScheduler(clock, Duration.ofNanos(16), 8, 3, error -> { }))
                .hasMessage("stripes must be a power of two but was 3");
        assertThatThrownBy(() -> new WheelScheduler(clock, Duration.ofNanos(16), 1 << 20, 2, error -> { }))
                .hasMessageContaining("ticksPerWheel * stripes must be");
    }

    @Test
    void theSystemWheelHasAStripePerThreadOfTwiceTheProcessors() {
        assertThat(SystemWheel.stripesFor(1)).isEqualTo(2);
        assertThat(SystemWheel.stripesFor(2)).isEqualTo(4);
        assertThat(SystemWheel.stripesFor(3)).isEqualTo(8);
        assertThat(SystemWheel.stripesFor(100)).isEqualTo(64);
    }

    /** Runs {@code call} on a new thread: the next thread to start a timer takes the next stripe. */
    private static <T> T onAnotherThread(Supplier<T> call) throws InterruptedException {
        AtomicReference<T> result = new AtomicReference<>();
        Thread thread = new Thread(() -> result.set(call.get()));
        thread.start();
        thread.join();
        return result.get();
    }
}
