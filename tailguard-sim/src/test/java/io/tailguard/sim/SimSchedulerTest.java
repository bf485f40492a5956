package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import io.tailguard.time.Cancellable;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class SimSchedulerTest {

    @Test
    void runsTasksByTimeThenSchedulingOrderWithTheClockAtTheirDueTime() {
        SimScheduler scheduler = new SimScheduler();
        List<String> trace = new ArrayList<>();
        scheduler.schedule(20, () -> trace.add("b@" + scheduler.clock().nanoTime()));
        scheduler.schedule(10, () -> {
            trace.add("a@" + scheduler.nowNanos());
            scheduler.schedule(10, () -> trace.add("c@" + scheduler.nowNanos()));
        });
        scheduler.schedule(-5, () -> trace.add("now@" + scheduler.nowNanos()));

        assertThat(scheduler.runUntilIdle()).isEqualTo(4);
        assertThat(trace).containsExactly("now@0", "a@10", "b@20", "c@20");
    }

    @Test
    void aCancelledTaskNeverRunsAndCancelAnswersOnce() {
        SimScheduler scheduler = new SimScheduler();
        List<String> trace = new ArrayList<>();
        Cancellable handle = scheduler.schedule(5, () -> trace.add("cancelled"));
        scheduler.schedule(7, () -> trace.add("kept"));

        assertThat(handle.cancel()).isTrue();
        assertThat(handle.cancel()).isFalse();
        assertThat(scheduler.runUntilIdle()).isEqualTo(1);
        assertThat(trace).containsExactly("kept");
    }

    @Test
    void givesTheCoreVirtualSchedulersOrderOnARandomWorkload() {
        SimScheduler sim = new SimScheduler();
        VirtualScheduler core = new VirtualScheduler();
        List<String> simTrace = workload(sim::schedule, sim::nowNanos);
        List<String> coreTrace = workload(core::schedule, () -> core.clock().nanoTime());
        sim.runUntilIdle();
        core.runUntilIdle();

        assertThat(simTrace).hasSizeGreaterThanOrEqualTo(5_000).isEqualTo(coreTrace);
    }

    /** Schedules tasks that schedule and cancel more, with many equal due times; returns the trace they write. */
    private static List<String> workload(Schedule schedule, LongSupplier now) {
        List<String> trace = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(9);
        List<Cancellable> handles = new ArrayList<>();
        int[] next = {0};
        Runnable[] task = new Runnable[1];
        task[0] = () -> {
            int id = next[0]++;
            trace.add(id + "@" + now.getAsLong());
            if (next[0] < 5_000) {
                handles.add(schedule.at(random.nextInt(4), task[0]));
                handles.add(schedule.at(random.nextInt(4), task[0]));
                handles.get(random.nextInt(handles.size())).cancel();
            }
        };
        schedule.at(0, task[0]);
        return trace;
    }

    @FunctionalInterface
    private interface Schedule {
        Cancellable at(long delayNanos, Runnable task);
    }

    @Test
    void aSimulationsTasksRunAfterCompletionsAndBeforeArrivalsAtTheSameTime() {
        List<String> trace = new ArrayList<>();
        Simulation[] sim = new Simulation[1];
        sim[0] = Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(10)))
                .station(Station.builder().workers(1).service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .maxArrivals(2)
                .listener(new SimulationListener() {
                    @Override
                    public void onStart(SimulationView view) {
                        sim[0].scheduler().schedule(10_000_000L, () -> trace.add("task@" + view.nowNanos()
                                + " inSystem=" + view.inSystem()));
                    }

                    @Override
                    public void onArrival(long id, long nowNanos) {
                        trace.add("arrival@" + nowNanos);
                    }

                    @Override
                    public void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
                        trace.add("completion@" + nowNanos);
                    }
                })
                .build();
        sim[0].run();

        assertThat(trace).containsExactly("arrival@0", "completion@10000000", "task@10000000 inSystem=0",
                "arrival@10000000", "completion@20000000");
    }

    @Test
    void aRecurringTaskDoesNotKeepADrainedRunGoing() {
        Simulation sim = Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(10)))
                .station(Station.builder().workers(1).service(ServiceModel.fixed(Duration.ofMillis(5))).build())
                .horizon(Duration.ofMillis(100))
                .build();
        long[] ticks = {0};
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            ticks[0]++;
            sim.scheduler().schedule(1_000_000L, tick[0]);
        };
        sim.scheduler().schedule(0L, tick[0]);

        SimulationResult result = sim.run();

        assertThat(result.counts().completed()).isEqualTo(10);
        // ticks at 0..99 ms run while arrivals remain; the one at 100 ms only if the station still works
        assertThat(ticks[0]).isEqualTo(100);
        assertThat(result.endNanos()).isEqualTo(100_000_000L);
    }
}
