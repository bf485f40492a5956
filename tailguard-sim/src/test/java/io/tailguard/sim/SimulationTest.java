package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {

    private static final Duration MS = Duration.ofMillis(1);

    @Test
    void completionAtTheSameInstantFreesTheWorkerBeforeTheArrival() {
        // D/D/1/1: arrivals every 10 ms, 10 ms service, no waiting room. With completions processed
        // before arrivals at equal times every request finds the worker free.
        SimulationResult result = lossSystem(Duration.ofMillis(10));

        assertThat(result.counts().arrivals()).isEqualTo(100);
        assertThat(result.counts().rejected()).isZero();
        assertThat(result.counts().completed()).isEqualTo(100);
        assertThat(result.utilisation()).isEqualTo(1.0);
        assertThat(result.littlesLaw().requireWithin(1e-12)).isLessThanOrEqualTo(1e-12);
    }

    @Test
    void lossSystemRejectsWithQueueFullWhenTheWorkerIsBusy() {
        // arrivals every 5 ms, 10 ms service, no waiting room: every second arrival is refused.
        SimulationResult result = lossSystem(Duration.ofMillis(5));

        assertThat(result.counts().arrivals()).isEqualTo(200);
        assertThat(result.counts().rejected(RejectReason.QUEUE_FULL)).isEqualTo(100);
        assertThat(result.counts().completed()).isEqualTo(100);
        assertThat(result.latency().lowestEquivalentValue(result.latency().getMaxValue())).isEqualTo(10_000); // µs
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void fifoQueueServesInOrderAndLatencyIncludesTheWait() {
        // three arrivals at 0,1,2 ms; one worker; 10 ms service: they finish at 10, 20, 30 ms.
        List<long[]> completions = new ArrayList<>();
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.constant(MS))
                .maxArrivals(3)
                .station(Station.builder().service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .listener(new SimulationListener() {
                    @Override
                    public void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
                        completions.add(new long[] {id, arrivalNanos, startNanos, nowNanos});
                    }
                })
                .build().run();

        assertThat(completions).containsExactly(
                new long[] {0, 0, 0, 10_000_000},
                new long[] {1, 1_000_000, 10_000_000, 20_000_000},
                new long[] {2, 2_000_000, 20_000_000, 30_000_000});
        assertThat(result.maxQueueDepth()).isEqualTo(2);
        assertThat(result.meanWaitNanos()).isEqualTo((0 + 9_000_000 + 18_000_000) / 3.0);
        assertThat(result.endNanos()).isEqualTo(30_000_000);
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void gatesAreAskedInOrderAndEarlierPermitsAreGivenBackWhenALaterGateRefuses() {
        CountingGate first = new CountingGate(Integer.MAX_VALUE, RejectReason.RATE_LIMITED);
        CountingGate second = new CountingGate(2, RejectReason.CONCURRENCY_LIMITED);
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.constant(MS))
                .maxArrivals(5)
                .station(Station.builder().unboundedWorkers().service(ServiceModel.fixed(Duration.ofMillis(100)))
                        .gate(first).gate(second).build())
                .build().run();

        // second gate holds at most 2 in flight; all 5 arrive within 5 ms, service is 100 ms.
        assertThat(result.counts().accepted()).isEqualTo(2);
        assertThat(result.counts().rejected(RejectReason.CONCURRENCY_LIMITED)).isEqualTo(3);
        assertThat(first.acquired).isEqualTo(5);
        assertThat(first.ignored).as("a refused request never ran: no overload signal").isEqualTo(3);
        assertThat(first.dropped).isZero();
        assertThat(first.succeeded).isEqualTo(2);
        assertThat(second.succeeded).isEqualTo(2);
        assertThat(second.inFlight).isZero();
        assertThat(first.lastNowNanos).isEqualTo(100_000_000 + 1_000_000);
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() {
        assertThat(poissonRun(7).summary()).isEqualTo(poissonRun(7).summary());
        assertThat(poissonRun(7).summary()).isNotEqualTo(poissonRun(8).summary());
    }

    @Test
    void runsOnlyOnce() {
        Simulation simulation = Simulation.builder().arrivals(ArrivalSource.constant(MS)).maxArrivals(1)
                .station(Station.builder().service(ServiceModel.fixed(MS)).build()).build();
        simulation.run();
        assertThatThrownBy(simulation::run).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void refusesARunWithoutAnEnd() {
        assertThatThrownBy(() -> Simulation.builder().arrivals(ArrivalSource.constant(MS))
                .station(Station.builder().service(ServiceModel.fixed(MS)).build()).build())
                .hasMessageContaining("horizon or maxArrivals must be set");
    }

    private static SimulationResult poissonRun(long seed) {
        SimulationResult result = Simulation.builder()
                .seed(seed)
                .arrivals(ArrivalSource.poisson(800))
                .station(Station.builder().workers(1).queue(StationQueues.bounded(20))
                        .service(ServiceModel.exponential(MS)).build())
                .horizon(Duration.ofSeconds(20))
                .interval(Duration.ofSeconds(5))
                .build().run();
        result.littlesLaw().requireWithin(1e-9);
        return result;
    }

    /** One second of arrivals every {@code arrivalInterval} at one worker with 10 ms service and no waiting room. */
    private static SimulationResult lossSystem(Duration arrivalInterval) {
        return Simulation.builder()
                .arrivals(ArrivalSource.constant(arrivalInterval))
                .station(Station.builder().workers(1).queue(StationQueues.bounded(0))
                        .service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .horizon(Duration.ofSeconds(1))
                .build().run();
    }

    /** A gate admitting at most {@code limit} in flight, counting completions. */
    private static final class CountingGate implements AdmissionPolicy {
        private final int limit;
        private final Rejection rejection;
        int inFlight;
        int acquired;
        int succeeded;
        int dropped;
        int ignored;
        long lastNowNanos;

        CountingGate(int limit, RejectReason reason) {
            this.limit = limit;
            this.rejection = Rejection.of(reason);
        }

        @Override
        public Decision tryAcquire(long nowNanos) {
            if (inFlight >= limit) {
                return rejection;
            }
            inFlight++;
            acquired++;
            return new Permit() {
                @Override
                public void onSuccess(long now) {
                    inFlight--;
                    succeeded++;
                    lastNowNanos = now;
                }

                @Override
                public void onDropped(long now) {
                    inFlight--;
                    dropped++;
                }

                @Override
                public void onIgnore() {
                    inFlight--;
                    ignored++;
                }
            };
        }
    }
}
