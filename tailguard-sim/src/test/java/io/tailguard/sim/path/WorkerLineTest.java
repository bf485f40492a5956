package io.tailguard.sim.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.service.ServiceModel;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkerLineTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final List<String> served = new ArrayList<>();

    private WorkerLine<String> line(BackendModel model) {
        return new WorkerLine<>(model, scheduler, new SplittableRandom(1), (job, serviceNanos, lateNanos) ->
                served.add(job + "@" + scheduler.clock().nanoTime() / 1_000_000 + "ms/" + serviceNanos / 1_000_000
                        + (lateNanos == 0 ? "" : " late")));
    }

    @Test
    void aJobWaitsForAFreeWorkerThenTakesItsServiceTime() {
        WorkerLine<String> line = line(BackendModel.of(2, ServiceModel.fixed(Duration.ofMillis(10))));
        line.arrive("a");
        line.arrive("b");
        line.arrive("c");
        assertThat(line.serving()).isEqualTo(2);
        assertThat(line.waiting()).isEqualTo(1);

        scheduler.advance(Duration.ofMillis(9));
        assertThat(served).isEmpty();
        scheduler.advance(Duration.ofMillis(1));
        assertThat(served).containsExactly("a@10ms/10", "b@10ms/10");
        assertThat(line.serving()).isEqualTo(1);
        scheduler.advance(Duration.ofMillis(10));
        assertThat(served).containsExactly("a@10ms/10", "b@10ms/10", "c@20ms/10");
        assertThat(line.serving()).isZero();
        assertThat(line.busyNanos()).isEqualTo(30_000_000L);
    }

    @Test
    void aWithdrawnWaitingJobIsNeverServedAndOneInServiceRunsToItsEnd() {
        WorkerLine<String> line = line(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(10))));
        line.arrive("a");
        line.arrive("b");
        line.arrive("c");
        assertThat(line.withdraw("a")).isFalse();
        assertThat(line.withdraw("b")).isTrue();

        scheduler.advance(Duration.ofMillis(30));
        assertThat(served).containsExactly("a@10ms/10", "c@20ms/10");
    }

    @Test
    void aJobStartingAtHigherConcurrencyTakesTheSlowdownOnTop() {
        // alone in service: no extra; second: 0-30 ms; third or more: exactly 30 ms more
        BackendModel model = new BackendModel(3, ServiceModel.fixed(Duration.ofMillis(10)),
                ConcurrencyDelay.parse("1=>0;2=>30;=>30"), 0.0);
        WorkerLine<String> line = line(model);
        line.arrive("a");
        line.arrive("b");
        line.arrive("c");
        scheduler.advance(Duration.ofMillis(40));
        assertThat(served).hasSize(3).contains("a@10ms/10", "c@40ms/40");
    }
}
