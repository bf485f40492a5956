package io.tailguard.slo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.RejectReason;
import io.tailguard.testing.Threads;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Contract of the criticality queue, on a manual clock. */
class CriticalityQueueTest {

    private final ManualClock clock = new ManualClock();
    private final List<String> shed = new ArrayList<>();

    private CriticalityQueue<String> queue(int bound, Duration maxWait, boolean protect) {
        return new CriticalityQueue<>(new CriticalityQueueConfig(bound, maxWait, protect),
                (item, reason, waitedNanos) -> shed.add(item + ":" + reason + ":" + waitedNanos / 1_000_000));
    }

    @Test
    void queuesWhileTheSystemHasRoomCountingTheRequestsInService() {
        CriticalityQueue<String> q = queue(3, Duration.ZERO, true);
        assertThat(q.offer(clock.nanoTime(), "a", false, 1)).isEqualTo(CriticalityQueue.Admission.QUEUED);
        assertThat(q.offer(clock.nanoTime(), "b", false, 1)).isEqualTo(CriticalityQueue.Admission.QUEUED);
        assertThat(q.offer(clock.nanoTime(), "c", false, 1)).isEqualTo(CriticalityQueue.Admission.REFUSED);
        assertThat(q.offer(clock.nanoTime(), "c", false, 0)).isEqualTo(CriticalityQueue.Admission.QUEUED);
        assertThat(q.size()).isEqualTo(3);
    }

    @Test
    void criticalRequestAtAFullSystemDisplacesTheNewestWaitingBackgroundRequest() {
        CriticalityQueue<String> q = queue(3, Duration.ZERO, true);
        q.offer(clock.nanoTime(), "bg-old", false, 0);
        clock.advance(Duration.ofMillis(5));
        q.offer(clock.nanoTime(), "bg-new", false, 0);
        clock.advance(Duration.ofMillis(5));
        q.offer(clock.nanoTime(), "crit", true, 0);
        clock.advance(Duration.ofMillis(5));
        assertThat(q.offer(clock.nanoTime(), "crit-2", true, 0)).isEqualTo(CriticalityQueue.Admission.DISPLACED_BACKGROUND);
        assertThat(shed).containsExactly("bg-new:" + RejectReason.QUEUE_FULL + ":10");
        assertThat(List.of(q.poll(clock.nanoTime()), q.poll(clock.nanoTime()), q.poll(clock.nanoTime())))
                .containsExactly("bg-old", "crit", "crit-2");
        assertThat(q.poll(clock.nanoTime())).isNull();
    }

    @Test
    void refusesCriticalWhenOnlyCriticalWaitAndBackgroundAlways() {
        CriticalityQueue<String> q = queue(2, Duration.ZERO, true);
        q.offer(clock.nanoTime(), "c1", true, 0);
        q.offer(clock.nanoTime(), "c2", true, 0);
        assertThat(q.offer(clock.nanoTime(), "c3", true, 0)).isEqualTo(CriticalityQueue.Admission.REFUSED);
        assertThat(q.offer(clock.nanoTime(), "b", false, 0)).isEqualTo(CriticalityQueue.Admission.REFUSED);
        assertThat(shed).isEmpty();
    }

    @Test
    void withoutProtectionCriticalIsRefusedLikeBackground() {
        CriticalityQueue<String> q = queue(1, Duration.ZERO, false);
        q.offer(clock.nanoTime(), "b", false, 0);
        assertThat(q.offer(clock.nanoTime(), "c", true, 0)).isEqualTo(CriticalityQueue.Admission.REFUSED);
        assertThat(shed).isEmpty();
    }

    @Test
    void shedsAtDequeueWhatWaitedLongerThanTheMaximumNeverServingItLate() {
        CriticalityQueue<String> q = queue(5, Duration.ofMillis(190), true);
        q.offer(clock.nanoTime(), "old", false, 0);
        clock.advance(Duration.ofMillis(10));
        q.offer(clock.nanoTime(), "young", true, 0);
        clock.advance(Duration.ofMillis(180));
        // old waited exactly 190 ms: still allowed
        assertThat(q.poll(clock.nanoTime())).isEqualTo("old");
        clock.advance(Duration.ofMillis(11));
        assertThat(q.poll(clock.nanoTime())).isNull();
        assertThat(shed).containsExactly("young:" + RejectReason.QUEUE_TIMEOUT + ":191");
    }

    @Test
    void validatesItsConfiguration() {
        assertThatThrownBy(() -> new CriticalityQueueConfig(0, Duration.ZERO, true))
                .hasMessageContaining("bound");
        assertThatThrownBy(() -> new CriticalityQueueConfig(1, Duration.ofMillis(-1), true))
                .hasMessageContaining("maxQueueingTime");
        CriticalityQueue<String> q = queue(1, Duration.ZERO, true);
        assertThatThrownBy(() -> q.offer(0L, "x", true, -1)).hasMessageContaining("inService");
    }

    @Test
    void neverHoldsMoreThanTheBoundUnderConcurrentOffersAndPolls() throws Exception {
        AtomicInteger shedCount = new AtomicInteger();
        CriticalityQueue<Integer> q = new CriticalityQueue<>(new CriticalityQueueConfig(8, Duration.ZERO, true),
                (item, reason, waited) -> shedCount.incrementAndGet());
        AtomicInteger over = new AtomicInteger();
        Threads.runTogether(4, Duration.ofSeconds(30), thread -> {
            for (int i = 0; i < 20_000; i++) {
                if (thread == 0 && i % 2 == 0) {
                    q.poll(0L);
                } else {
                    q.offer(0L, i, i % 4 == 0, 0);
                }
                if (q.size() > 8) {
                    over.incrementAndGet();
                }
            }
        });
        assertThat(over.get()).isZero();
        assertThat(q.size()).isBetween(0, 8);
    }
}
