package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Runs core policies in the engine on the published backpressure workload (200 requests/s, one
 * every 5 ms for 5 s; labs-spec §4.5) and checks the engine reproduces the published totals. The
 * totals depend on completions being processed before arrivals at the same instant.
 */
class PublishedModelTest {

    private static SimulationResult run(Station station) {
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(5)))
                .horizon(Duration.ofSeconds(5))
                .station(station)
                .histogram(HistogramSpec.millis(60_000, 3))
                .build().run();
        result.littlesLaw().requireWithin(1e-12);
        assertThat(result.counts().arrivals()).isEqualTo(1000);
        return result;
    }

    @Test
    void tokenBucketOfCapacity100At100PerSecondAdmits599() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(100, 100, Duration.ofSeconds(1)), 0L);
        SimulationResult result = run(Station.builder().unboundedWorkers()
                .service(ServiceModel.fixed(Duration.ofMillis(10))).gate(bucket).build());
        assertThat(result.counts().accepted()).isEqualTo(599);
        assertThat(result.counts().rejected(RejectReason.RATE_LIMITED)).isEqualTo(401);
        assertThat(result.latency().getValueAtPercentile(99)).isEqualTo(10);
    }

    @Test
    void oneWorkerBehindAQueueOf49Admits549WithHalfASecondOfLatency() {
        SimulationResult result = run(Station.builder().workers(1)
                .queue(StationQueues.core(BoundedQueueConfig.fifo(49, BoundedQueueConfig.NO_MAX_QUEUEING_TIME)))
                .service(ServiceModel.fixed(Duration.ofMillis(10))).build());
        assertThat(result.counts().accepted()).isEqualTo(549);
        assertThat(result.counts().rejected(RejectReason.QUEUE_FULL)).isEqualTo(451);
        assertThat(result.latency().getValueAtPercentile(50)).isEqualTo(500);
        assertThat(result.latency().getValueAtPercentile(99)).isEqualTo(500);
        assertThat(result.maxInSystem()).isEqualTo(50);
    }

    @Test
    void concurrencyLimitOf5With50MillisecondServiceAdmitsHalf() {
        SimulationResult result = run(Station.builder().unboundedWorkers()
                .service(ServiceModel.fixed(Duration.ofMillis(50))).gate(ConcurrencyLimiter.fixed(5)).build());
        assertThat(result.counts().accepted()).isEqualTo(500);
        assertThat(result.counts().rejected(RejectReason.CONCURRENCY_LIMITED)).isEqualTo(500);
        assertThat(result.latency().getValueAtPercentile(99)).isEqualTo(50);
        assertThat(result.maxInSystem()).isEqualTo(5);
    }
}
