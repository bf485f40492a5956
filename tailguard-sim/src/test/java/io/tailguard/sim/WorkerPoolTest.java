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

    private final SimScheduler scheduler = new SimScheduler();
    private final List<String> trace = new ArrayList<>();

    private WorkerPool pool(int workers) {
        return new WorkerPool(scheduler, workers, ServiceModel.fixed(Duration.ofMillis(10)), new SplittableRandom(1));
    }

    private Named work(String name) {
        return new Named(name);
    }

    /** Work that writes its name and finish time (on this test's scheduler) to this test's trace. */
    private final class Named implements WorkerPool.Work {
        final String name;
        boolean abandoned;

        Named(String name) {
            this.name = name;
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
        WorkerPool pool = pool(1);
        Named a = work("a");
        Named b = work("b");
        Named c = work("c");
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
    void workGivenAsItsDoneIsNeverWithdrawnAndServedInOrder() {
        WorkerPool pool = pool(1);
        pool.submit(() -> trace.add("a@" + scheduler.nowNanos() / MS));
        pool.submit(() -> trace.add("b@" + scheduler.nowNanos() / MS));
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10", "b@20");
    }

    @Test
    void workAbandonedInServiceStillTakesItsServiceTime() {
        WorkerPool pool = pool(2);
        Named a = work("a");
        pool.submit(a);
        a.abandoned = true;
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10");
        assertThat(pool.busyPct(10 * MS)).isEqualTo(50.0);
    }

    @Test
    void unboundedWorkersStartEverythingAtOnceAndHaveNoBusyShare() {
        WorkerPool pool = pool(Station.UNBOUNDED_WORKERS);
        for (String name : List.of("a", "b", "c")) {
            pool.submit(work(name));
        }
        assertThat(pool.waiting()).isZero();
        scheduler.runUntilIdle();

        assertThat(trace).containsExactly("a@10", "b@10", "c@10");
        assertThat(pool.busyPct(10 * MS)).isNaN();
    }

    @Test
    void rejectsAPoolWithoutWorkers() {
        assertThatThrownBy(() -> pool(0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("workers");
    }
}
