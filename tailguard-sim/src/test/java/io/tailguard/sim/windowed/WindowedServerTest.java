package io.tailguard.sim.windowed;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowedServerTest {

    private final List<String> fates = new ArrayList<>();
    private final WindowedServer.Outcome outcome = new WindowedServer.Outcome() {
        @Override
        public void shed(int request, double waitMs) {
            fates.add(request + " shed after " + waitMs);
        }

        @Override
        public void served(int request, double startMs, double finishMs) {
            fates.add(request + " served " + startMs + "-" + finishMs);
        }
    };

    private WindowedServer server(double[] arrivalsMs, long windowMs, int capacity, List<BoundedQueue<Integer>> holder) {
        WindowedServer[] self = new WindowedServer[1];
        BoundedQueue<Integer> queue = new BoundedQueue<>(
                BoundedQueueConfig.fifo(capacity, BoundedQueueConfig.NO_MAX_QUEUEING_TIME),
                (item, reason, nowNanos) -> self[0].shedFromLine(item));
        holder.add(queue);
        self[0] = new WindowedServer(arrivalsMs, windowMs, WindowedServer.Line.of(queue), outcome, false);
        return self[0];
    }

    @Test
    void servesInArrivalOrderTenMillisecondsEachAndShedsWhatWaitsAtTheWindowsEnd() {
        List<BoundedQueue<Integer>> queue = new ArrayList<>();
        WindowedServer server = server(new double[] {0, 1, 2}, 15, 10, queue);

        server.run((request, busy) -> queue.get(0).offer(0, request));

        assertThat(fates).containsExactly("0 served 0.0-10.0", "1 served 10.0-20.0", "2 shed after 13.0");
    }

    @Test
    void aRequestTheDoorRefusesIsNeitherServedNorWaitedFor() {
        List<BoundedQueue<Integer>> queue = new ArrayList<>();
        WindowedServer server = server(new double[] {0, 1, 2}, 100, 10, queue);

        server.run((request, busy) -> {
            if (busy) {
                outcome.shed(request, 0);
            } else {
                queue.get(0).offer(0, request);
            }
        });

        assertThat(fates).containsExactly("0 served 0.0-10.0", "1 shed after 0.0", "2 shed after 0.0");
    }
}
