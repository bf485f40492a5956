package io.tailguard.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BoundedQueueTest {

    private static final long MS = 1_000_000L;

    private final List<String> shed = new ArrayList<>();

    private BoundedQueue<String> queue(BoundedQueueConfig config) {
        return new BoundedQueue<>(config, (item, reason, waited) -> shed.add(item + ":" + reason + ":" + waited));
    }

    /** A queue of {@code config} holding "a", "b", ... offered at the given times. */
    private BoundedQueue<String> queueOffered(BoundedQueueConfig config, long... offerNanos) {
        BoundedQueue<String> queue = queue(config);
        for (int i = 0; i < offerNanos.length; i++) {
            queue.offer(offerNanos[i], String.valueOf((char) ('a' + i)));
        }
        return queue;
    }

    @Test
    void fifoServesOldestFirstAndLifoNewestFirst() {
        BoundedQueue<String> fifo = queue(BoundedQueueConfig.fifo(3, Duration.ofSeconds(1)));
        BoundedQueue<String> lifo = queue(BoundedQueueConfig.lifo(3, Duration.ofSeconds(1)));
        for (String item : List.of("a", "b", "c")) {
            fifo.offer(0, item);
            lifo.offer(0, item);
        }
        assertThat(List.of(fifo.poll(1), fifo.poll(1), fifo.poll(1))).containsExactly("a", "b", "c");
        assertThat(List.of(lifo.poll(1), lifo.poll(1), lifo.poll(1))).containsExactly("c", "b", "a");
        assertThat(fifo.poll(1)).isNull();
        assertThat(lifo.poll(1)).isNull();
    }

    @Test
    void rejectsOffersAtCapacity() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.fifo(2, BoundedQueueConfig.NO_MAX_QUEUEING_TIME));
        assertThat(queue.offer(0, "a")).isTrue();
        assertThat(queue.offer(0, "b")).isTrue();
        assertThat(queue.offer(0, "c")).isFalse();
        assertThat(queue.size()).isEqualTo(2);
        assertThat(queue.capacity()).isEqualTo(2);
    }

    @Test
    void neverServesAnItemThatWaitedLongerThanTheMaximum() {
        BoundedQueue<String> queue = queueOffered(BoundedQueueConfig.fifo(10, Duration.ofMillis(5)), 0, MS, 2 * MS);
        assertThat(queue.poll(7 * MS)).isEqualTo("c");
        assertThat(shed).containsExactly("a:QUEUE_TIMEOUT:" + 7 * MS, "b:QUEUE_TIMEOUT:" + 6 * MS);
        assertThat(queue.isEmpty()).isTrue();
    }

    @Test
    void itemThatWaitedExactlyTheMaximumIsStillServed() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.fifo(10, Duration.ofMillis(5)));
        queue.offer(0, "a");
        assertThat(queue.poll(5 * MS)).isEqualTo("a");
        assertThat(shed).isEmpty();
    }

    @Test
    void lifoShedsEvenTheNewestItemWhenItWaitedTooLong() {
        // "c" is offered by a thread whose clock reading is earlier than that of "b"
        BoundedQueue<String> queue = queueOffered(BoundedQueueConfig.lifo(10, Duration.ofMillis(5)), 0, 3 * MS, 2 * MS);
        assertThat(queue.poll(7 * MS + 1)).isEqualTo("b");
        assertThat(shed).containsExactly("a:QUEUE_TIMEOUT:" + (7 * MS + 1), "c:QUEUE_TIMEOUT:" + (5 * MS + 1));
    }

    @Test
    void fullQueueShedsTimedOutItemsToMakeRoomForAFreshOne() {
        BoundedQueue<String> queue = queueOffered(BoundedQueueConfig.fifo(2, Duration.ofMillis(5)), 0, 4 * MS);
        assertThat(queue.offer(6 * MS, "c")).isTrue();
        assertThat(shed).containsExactly("a:QUEUE_TIMEOUT:" + 6 * MS);
        assertThat(queue.offer(6 * MS, "d")).isFalse();
    }

    @Test
    void expireShedsTimedOutItemsWithoutServingAnything() {
        BoundedQueue<String> queue = queueOffered(BoundedQueueConfig.fifo(5, Duration.ofMillis(5)), 0, MS, 4 * MS);
        assertThat(queue.oldestWaitNanos(6 * MS)).isEqualTo(6 * MS);
        assertThat(queue.expire(6 * MS + 1)).isEqualTo(2);
        assertThat(queue.size()).isEqualTo(1);
        assertThat(queue.oldestWaitNanos(6 * MS)).isEqualTo(2 * MS);
    }

    @Test
    void noMaximumQueueingTimeMeansItemsWaitForever() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.fifo(1, BoundedQueueConfig.NO_MAX_QUEUEING_TIME));
        queue.offer(Long.MIN_VALUE / 2, "a");
        assertThat(queue.poll(Long.MAX_VALUE / 2)).isEqualTo("a");
    }

    @Test
    void ringBufferMatchesAReferenceDequeThroughManyWrapArounds() {
        SplittableRandom random = new SplittableRandom(42);
        for (QueueDiscipline discipline : new QueueDiscipline[] {QueueDiscipline.FIFO, QueueDiscipline.LIFO}) {
            BoundedQueue<Integer> queue = new BoundedQueue<>(new BoundedQueueConfig(7, Duration.ZERO, discipline,
                    Duration.ofMillis(5), Duration.ofMillis(100)), (item, reason, waited) -> {
                        throw new AssertionError("nothing should be shed");
                    });
            ArrayDeque<Integer> model = new ArrayDeque<>();
            for (int step = 0; step < 100_000; step++) {
                if (random.nextBoolean()) {
                    boolean accepted = queue.offer(step, step);
                    assertThat(accepted).isEqualTo(model.size() < 7);
                    if (accepted) {
                        model.addLast(step);
                    }
                } else {
                    Integer expected = discipline == QueueDiscipline.FIFO ? model.pollFirst() : model.pollLast();
                    assertThat(queue.poll(step)).isEqualTo(expected);
                }
                assertThat(queue.size()).isEqualTo(model.size());
            }
        }
    }

    @Test
    void codelShedsOldItemsUnderAStandingQueueButNotAfterItDrains() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.codel(100, BoundedQueueConfig.NO_MAX_QUEUEING_TIME,
                Duration.ofMillis(5), Duration.ofMillis(100)));
        for (int i = 0; i < 20; i++) {
            queue.offer(0, "backlog" + i);
        }
        long maxServedWaitAfterOverload = 0;
        for (long t = MS; t <= 400 * MS; t += MS) {
            queue.offer(t, "item" + t);
            String served = queue.poll(t);
            assertThat(served).isNotNull();
            if (t > 210 * MS) { // the second interval (min wait 20 ms) ends at 203 ms
                long waited = t - Long.parseLong(served.substring("item".length()));
                maxServedWaitAfterOverload = Math.max(maxServedWaitAfterOverload, waited);
            }
        }
        assertThat(maxServedWaitAfterOverload).isPositive().isLessThanOrEqualTo(10 * MS);
        assertThat(shed).isNotEmpty().allMatch(entry -> entry.contains(":QUEUE_DELAY_SHED:"));
        assertThat(queue.size()).isLessThanOrEqualTo(11);
        // Drain, let an interval pass with the queue empty, then a 12 ms wait is served again.
        while (queue.poll(401 * MS) != null) {
            // draining
        }
        queue.poll(502 * MS);
        shed.clear();
        queue.offer(503 * MS, "late");
        assertThat(queue.poll(515 * MS)).isEqualTo("late");
        assertThat(shed).isEmpty();
    }

    @Test
    void fifoWithTheSameStandingQueueShedsNothing() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.fifo(100, BoundedQueueConfig.NO_MAX_QUEUEING_TIME));
        for (int i = 0; i < 20; i++) {
            queue.offer(0, "backlog" + i);
        }
        for (long t = MS; t <= 400 * MS; t += MS) {
            queue.offer(t, "item" + t);
            queue.poll(t);
        }
        assertThat(shed).isEmpty();
        assertThat(queue.size()).isEqualTo(20);
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> BoundedQueueConfig.fifo(0, Duration.ZERO))
                .hasMessage("capacity must be >= 1 but was 0");
        assertThatThrownBy(() -> BoundedQueueConfig.fifo(1, Duration.ofMillis(-1)))
                .hasMessage("maxQueueingTime must be >= 0 but was PT-0.001S");
        assertThatThrownBy(() -> BoundedQueueConfig.codel(1, Duration.ZERO, Duration.ZERO, Duration.ofMillis(1)))
                .hasMessage("targetDelay must be > 0 but was PT0S");
        assertThatThrownBy(() -> new BoundedQueue<String>(BoundedQueueConfig.fifo(1, Duration.ZERO), null))
                .hasMessage("shedListener must be non-null but was null");
    }

    @Test
    void removeWithdrawsAWaitingItemAcrossTheRingWrapAndKeepsTheOthersInOrder() {
        BoundedQueue<String> queue = queue(BoundedQueueConfig.fifo(3, Duration.ofMillis(10)));
        queue.offer(0, "x");
        queue.offer(0, "y");
        queue.poll(1);
        queue.poll(1); // head now at slot 2, so the next items wrap around the ring
        queue.offer(2 * MS, "a");
        queue.offer(3 * MS, "b");
        queue.offer(4 * MS, "c");
        assertThat(queue.remove("b")).isTrue();
        assertThat(queue.remove("b")).isFalse();
        assertThat(queue.size()).isEqualTo(2);
        assertThat(queue.offer(5 * MS, "d")).isTrue();
        // c kept its own enqueue time (4 ms): it is shed at 14.5 ms while d (5 ms) is served.
        assertThat(queue.poll(14 * MS + MS / 2)).isEqualTo("d");
        assertThat(shed).containsExactly("a:QUEUE_TIMEOUT:" + (12 * MS + MS / 2), "c:QUEUE_TIMEOUT:" + (10 * MS + MS / 2));
        assertThat(queue.isEmpty()).isTrue();
    }
}
