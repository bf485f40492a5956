package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

    @Test
    void pollsByTimeThenKindThenSchedulingOrder() {
        EventQueue queue = new EventQueue();
        queue.push(10, EventQueue.WAKE, 1);
        queue.push(10, EventQueue.COMPLETION, 2);
        queue.push(5, EventQueue.WAKE, 3);
        queue.push(10, EventQueue.COMPLETION, 4);
        List<Integer> payloads = new ArrayList<>();
        while (!queue.isEmpty()) {
            payloads.add(queue.poll());
        }
        assertThat(payloads).containsExactly(3, 2, 4, 1);
    }

    @Test
    void matchesASortedReferenceUnderRandomInterleavedPushesAndPolls() {
        SplittableRandom random = new SplittableRandom(42);
        EventQueue queue = new EventQueue();
        Comparator<long[]> order = Comparator.<long[]>comparingLong(e -> e[0])
                .thenComparingLong(e -> e[1]).thenComparingLong(e -> e[2]);
        PriorityQueue<long[]> reference = new PriorityQueue<>(order); // {time, kind, sequence, payload}
        long sequence = 0;
        long now = 0;
        for (int step = 0; step < 50_000; step++) {
            if (reference.isEmpty() || random.nextInt(100) < 55) {
                long time = now + random.nextInt(50); // many ties on purpose
                int kind = random.nextInt(2);
                int payload = random.nextInt(1_000_000);
                queue.push(time, kind, payload);
                reference.add(new long[] {time, kind, sequence++, payload});
            } else {
                long[] expected = reference.poll();
                assertThat(new long[] {queue.peekTimeNanos(), queue.peekKind(), queue.poll()})
                        .containsExactly(expected[0], expected[1], expected[3]);
                now = expected[0];
            }
            assertThat(queue.size()).isEqualTo(reference.size());
        }
    }
}
