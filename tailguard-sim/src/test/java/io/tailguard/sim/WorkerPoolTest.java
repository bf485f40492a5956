package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {

    private static final long MS = 1_000_000L;

    /** Work that writes its name and finish time to a trace. */
    private static final class Named implements WorkerPool.Work {
        final String name;
        final SimScheduler scheduler;
        final List<String> trace;
        boolean abandoned;

        Named(String name, SimScheduler scheduler, List<String> trace) {
            this.name = name;
            this.scheduler = scheduler;
            this.trace = trace;
        }

        @Override
        public boolean abandoned() {
            return abandoned;
        }

        @Override
        public void done() {
            trace.add(name + "@" + scheduler.nowNanos() / MS);
        }
    }

    @Test
    void servesInArrivalOrderSkippingWorkAbandonedWhileItWaited() {
        SimScheduler scheduler = new SimScheduler();
        List<String> trace = new ArrayList<>();
        WorkerPool pool = new WorkerPool(scheduler, 1, ServiceModel.fixed(Duration.ofMillis(10)), new SplittableRandom(1));
        Named a = new Named("a", scheduler, trace);
        Named b = new Named("b", scheduler, trace);
        Named c = new Named("c", scheduler, trace);
        pool.submit(a);
        pool.submit(b);
        pool.submit(c);
        b.abandoned = true;

        assertThat(pool.inService()).isEqualTo(1);
        assertThat(pool.waiting()).isEqualTo(2);
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10", "c@20");
        assertThat(pool.busyPct(40 * MS)).isEqualTo(50.0);
    }

    @Test
    void workAbandonedInServiceStillTakesItsServiceTime() {
        SimScheduler scheduler = new SimScheduler();
        List<String> trace = new ArrayList<>();
        WorkerPool pool = new WorkerPool(scheduler, 2, ServiceModel.fixed(Duration.ofMillis(10)), new SplittableRandom(1));
        Named a = new Named("a", scheduler, trace);
        pool.submit(a);
        a.abandoned = true;
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10");
        assertThat(pool.busyPct(10 * MS)).isEqualTo(50.0);
    }

    @Test
    void unboundedWorkersStartEverythingAtOnceAndHaveNoBusyShare() {
        SimScheduler scheduler = new SimScheduler();
        List<String> trace = new ArrayList<>();
        WorkerPool pool = new WorkerPool(scheduler, Station.UNBOUNDED_WORKERS,
                ServiceModel.fixed(Duration.ofMillis(10)), new SplittableRandom(1));
        for (String name : List.of("a", "b", "c")) {
            pool.submit(new Named(name, scheduler, trace));
        }
        assertThat(pool.waiting()).isZero();
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10", "b@10", "c@10");
        assertThat(pool.busyPct(10 * MS)).isNaN();
    }

    @Test
    void rejectsAPoolWithoutWorkers() {
        assertThatThrownBy(() -> new WorkerPool(new SimScheduler(), 0, ServiceModel.fixed(Duration.ofMillis(1)),
                new SplittableRandom(1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("workers");
    }
}
