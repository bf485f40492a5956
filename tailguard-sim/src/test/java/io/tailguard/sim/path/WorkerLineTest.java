package io.tailguard.sim.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.service.ServiceModel;
import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
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
        assertThat(line.stats()).isEqualTo(new LineStats(2, 1, 20_000_000L, 0L));

        scheduler.advance(Duration.ofMillis(9));
        assertThat(served).isEmpty();
        scheduler.advance(Duration.ofMillis(1));
        assertThat(served).containsExactly("a@10ms/10", "b@10ms/10");
        assertThat(line.stats().serving()).isEqualTo(1);
        scheduler.advance(Duration.ofMillis(10));
        assertThat(served).containsExactly("a@10ms/10", "b@10ms/10", "c@20ms/10");
        assertThat(line.stats()).isEqualTo(new LineStats(0, 0, 30_000_000L, 10_000_000L));
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

    @Test
    void aJobThatWaitedStartsWhenItsWorkerWasDueFreeNotWhenALateTimerFired() {
        List<String> ends = new ArrayList<>();
        WorkerLine<String> line = new WorkerLine<>(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(10))),
                late(2_000_000L), new SplittableRandom(1), (job, serviceNanos, lateNanos) ->
                        ends.add(job + "@" + scheduler.clock().nanoTime() / 1_000 + "us"));
        line.arrive("a");
        line.arrive("b");
        line.arrive("c");
        scheduler.advance(Duration.ofMillis(100));
        // every timer fires 2 ms late: b starts at a's due time (10 ms), not at 12 ms, and b's and c's
        // timers are set early by the moving mean of the overshoots seen (an eighth of each new one)
        assertThat(ends).containsExactly("a@12000us", "b@21750us", "c@31531us");
    }

    @Test
    void timersSetEarlyByTheirLearnedOvershootEndServiceAtItsDueTimeOnAverage() {
        List<Long> lates = new ArrayList<>();
        WorkerLine<Integer> line = new WorkerLine<>(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(10))),
                late(1_000_000L), new SplittableRandom(1), (job, serviceNanos, lateNanos) -> lates.add(lateNanos));
        for (int i = 0; i < 200; i++) {
            line.arrive(i); // one at a time onto a free worker, as behind a proxy whose cap is the workers
            scheduler.advance(Duration.ofMillis(20));
        }
        assertThat(lates).hasSize(200);
        assertThat(lates.get(0)).isEqualTo(1_000_000L);
        assertThat(lates.subList(100, 200)).allSatisfy(late -> assertThat(late).isBetween(0L, 1_000L));
    }

    @Test
    void idleTimeIsTheWorkersTimeWithNothingInService() {
        WorkerLine<String> line = line(BackendModel.of(2, ServiceModel.fixed(Duration.ofMillis(10))));
        scheduler.advance(Duration.ofMillis(5));
        line.arrive("a");
        scheduler.advance(Duration.ofMillis(20));
        // 2 workers idle for 5 ms, then 1 for the 10 ms of a, then 2 for the last 10 ms
        assertThat(line.stats().idleNanos()).isEqualTo(40_000_000L);
    }

    /** A scheduler on this test's virtual time whose every timer fires {@code lateNanos} late. */
    private Scheduler late(long lateNanos) {
        return new Scheduler() {
            @Override
            public NanoClock clock() {
                return scheduler.clock();
            }

            @Override
            public Cancellable schedule(long delayNanos, Runnable task) {
                return scheduler.schedule(Math.max(0L, delayNanos) + lateNanos, task);
            }
        };
    }
}
