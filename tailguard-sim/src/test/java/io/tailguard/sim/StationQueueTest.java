package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

class StationQueueTest {

    @Test
    void jobsThatWaitedTooLongAreShedWithQueueTimeoutAndNeverServedLate() {
        // 5 arrivals at t=0..4 ms, 10 ms service, max queueing time 15 ms: job 1 starts at 10 ms
        // (waited 9), job 2 would start at 20 ms (waited 18 > 15) and is shed, and so on.
        List<String> log = new ArrayList<>();
        SimulationResult result = oneMsApart(5, StationQueues.bounded(10, Duration.ofMillis(15)),
                new SimulationListener() {
                    @Override
                    public void onStarted(long id, long arrivalNanos, long nowNanos) {
                        log.add("start " + id + " @" + nowNanos / 1_000_000);
                    }

                    @Override
                    public void onShed(long id, RejectReason reason, long arrivalNanos, long nowNanos) {
                        log.add("shed " + id + " " + reason + " @" + nowNanos / 1_000_000);
                    }
                });

        assertThat(log).containsExactly("start 0 @0", "start 1 @10", "shed 2 QUEUE_TIMEOUT @20",
                "shed 3 QUEUE_TIMEOUT @20", "shed 4 QUEUE_TIMEOUT @20");
        assertThat(result.counts().shed(RejectReason.QUEUE_TIMEOUT)).isEqualTo(3);
        assertThat(result.counts().completed()).isEqualTo(2);
        assertThat(result.queuedAtEnd()).isZero();
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void aShapingQueueHoldsJobsUntilItsReleaseTimeAndTheEngineWakesUpForIt() {
        // the core leaky bucket, capacity 2 waiting, one release every 10 ms: arrivals at 0,1,2,3 ms
        // → 0 goes at once, 1 and 2 wait for 10 and 20 ms, 3 finds two waiting and is refused; 40 ms
        // goes at once.
        List<Long> starts = new ArrayList<>();
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.trace(new long[] {0, 1_000_000, 2_000_000, 3_000_000, 40_000_000}))
                .station(Station.builder().unboundedWorkers()
                        .queue(StationQueues.leakyBucket(new LeakyBucketConfig(2, Duration.ofMillis(10))))
                        .service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .listener(onStarted((id, nowNanos) -> starts.add(nowNanos / 1_000_000)))
                .build().run();
        assertThat(starts).containsExactly(0L, 10L, 20L, 40L);
        assertThat(result.meanWaitNanos()).isEqualTo((0 + 9 + 18 + 0) * 1_000_000 / 4.0);
        assertThat(result.counts().rejected(RejectReason.QUEUE_FULL)).isEqualTo(1);
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void theCoreBoundedQueueRunsInsideAStationWithItsLifoDiscipline() {
        List<Long> order = new ArrayList<>();
        SimulationResult result = oneMsApart(4,
                StationQueues.core(BoundedQueueConfig.lifo(10, BoundedQueueConfig.NO_MAX_QUEUEING_TIME)),
                onStarted((id, nowNanos) -> order.add(id)));
        assertThat(order).containsExactly(0L, 3L, 2L, 1L);
        result.littlesLaw().requireWithin(1e-12);
    }

    /** Runs {@code arrivals} jobs arriving 1 ms apart into one worker of 10 ms service behind {@code queue}. */
    private static SimulationResult oneMsApart(int arrivals, StationQueue.Factory queue, SimulationListener listener) {
        return Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(1)))
                .maxArrivals(arrivals)
                .station(Station.builder().queue(queue).service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .listener(listener)
                .build().run();
    }

    /** A listener that hands each start's request id and time in nanoseconds to {@code started}. */
    private static SimulationListener onStarted(BiConsumer<Long, Long> started) {
        return new SimulationListener() {
            @Override
            public void onStarted(long id, long arrivalNanos, long nowNanos) {
                started.accept(id, nowNanos);
            }
        };
    }
}
