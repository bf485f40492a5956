package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.admission.RejectReason;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordingTest {

    @Test
    void intervalsSplitCountsAndLatenciesByTheTimeTheyHappen() {
        // 1 worker, 10 ms service, arrivals every 5 ms, queue of 3: the queue fills, then every
        // second arrival is refused. Intervals of 100 ms over 300 ms of arrivals.
        List<IntervalStats> streamed = new ArrayList<>();
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(5)))
                .station(Station.builder().queue(StationQueues.bounded(3))
                        .service(ServiceModel.fixed(Duration.ofMillis(10))).build())
                .horizon(Duration.ofMillis(300))
                .interval(Duration.ofMillis(100))
                .histogram(HistogramSpec.millis(60_000, 3))
                .listener(new SimulationListener() {
                    @Override
                    public void onInterval(IntervalStats interval) {
                        streamed.add(interval);
                    }
                })
                .build().run();

        List<IntervalStats> intervals = result.intervals();
        assertThat(intervals).isEqualTo(streamed);
        assertThat(intervals).extracting(IntervalStats::startNanos).startsWith(0L, 100_000_000L, 200_000_000L);
        assertThat(intervals.get(0).counts().arrivals()).isEqualTo(20);
        assertThat(intervals.get(1).counts().arrivals()).isEqualTo(20);
        assertThat(intervals.get(1).counts().rejected(RejectReason.QUEUE_FULL)).isEqualTo(10);
        assertThat(intervals.get(1).counts().completed()).isEqualTo(10);
        assertThat(intervals.get(1).maxQueueDepth()).isEqualTo(3);
        assertThat(intervals.get(1).maxInSystem()).isEqualTo(4);
        assertThat(intervals.get(1).meanBusyWorkers()).isEqualTo(1.0);
        // completions come before arrivals at equal times, so the arrival at each completion
        // instant refills the freed place at once: the queue stays at 3 all the time
        assertThat(intervals.get(1).meanQueueDepth()).isCloseTo(3.0, within(1e-9));
        // the last accepted arrival (290 ms; the one at 295 finds the queue full) is fourth in
        // the station, so the drained run ends at 290 + 4 * 10 = 330 ms
        assertThat(result.endNanos()).isEqualTo(330_000_000L);
        assertThat(intervals).last().extracting(IntervalStats::endNanos).isEqualTo(330_000_000L);
        long arrivalsOverIntervals = intervals.stream().mapToLong(i -> i.counts().arrivals()).sum();
        long completedOverIntervals = intervals.stream().mapToLong(i -> i.latency().getTotalCount()).sum();
        assertThat(arrivalsOverIntervals).isEqualTo(result.counts().arrivals()).isEqualTo(60);
        assertThat(completedOverIntervals).isEqualTo(result.counts().completed());
        // steady state: an accepted request waits for the one in service and two ahead, then its own
        assertThat(intervals.get(2).latency().getMinValue()).isEqualTo(40);
        assertThat(intervals.get(2).latency().getMaxValue()).isEqualTo(40);
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void emptyIntervalsAreStillReported() {
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.trace(new long[] {0, 350_000_000L}))
                .station(Station.builder().service(ServiceModel.fixed(Duration.ofMillis(1))).build())
                .horizon(Duration.ofMillis(400))
                .interval(Duration.ofMillis(100))
                .build().run();
        assertThat(result.intervals()).hasSize(4);
        assertThat(result.intervals()).extracting(i -> i.counts().arrivals()).containsExactly(1L, 0L, 0L, 1L);
        result.littlesLaw().requireWithin(1e-12);
    }

    @Test
    void littlesLawHoldsApproximatelyWhenTheRunIsCutAtTheHorizon() {
        SimulationResult result = Simulation.builder()
                .seed(3)
                .arrivals(ArrivalSource.poisson(900))
                .station(Station.builder().service(ServiceModel.exponential(Duration.ofMillis(1))).build())
                .horizon(Duration.ofSeconds(200))
                .drain(false)
                .build().run();
        assertThat(result.endNanos()).isEqualTo(200_000_000_000L);
        assertThat(result.counts().accepted())
                .isEqualTo(result.counts().completed() + result.queuedAtEnd() + result.inServiceAtEnd());
        assertThat(result.littlesLaw().relativeError()).isLessThan(0.01).isGreaterThan(0.0);
    }

    @Test
    void latenciesAboveTheHistogramRangeAreClampedAndCounted() {
        SimulationResult result = Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofMillis(1)))
                .maxArrivals(3)
                .station(Station.builder().unboundedWorkers().service(ServiceModel.fixed(Duration.ofSeconds(2))).build())
                .histogram(HistogramSpec.millis(1000, 2))
                .build().run();
        assertThat(result.clampedLatencies()).isEqualTo(3);
        assertThat(result.latency().getTotalCount()).isEqualTo(3);
        result.littlesLaw().requireWithin(1e-12); // sojourn times are exact; only the histogram clamps
    }
}
