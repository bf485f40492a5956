package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import org.junit.jupiter.api.Test;

class DeterminismTest {

    @Test
    void changingTheServiceModelDoesNotShiftTheArrivals() {
        assertThat(arrivalTimes(ServiceModel.fixed(Duration.ofMillis(1))))
                .isEqualTo(arrivalTimes(ServiceModel.lognormal(Duration.ofMillis(1), 1.0)));
    }

    @Test
    void sameSeedAndConfigurationGiveIdenticalSummariesWithIntervalsAndEveryModel() {
        assertThat(mixedRun(99)).isEqualTo(mixedRun(99));
    }

    @Test
    void injectedGeneratorsAreAskedOncePerNamedComponentAndDriveTheDraws() {
        List<String> names = new ArrayList<>();
        Function<String, RandomGenerator> streams = name -> {
            names.add(name);
            return RandomGeneratorFactory.of("L64X128MixRandom").create(7L * 31 + name.hashCode());
        };
        String first = injectedRun(streams);
        assertThat(names).containsExactlyInAnyOrder("arrivals", "service");
        assertThat(injectedRun(streams)).isEqualTo(first);
        assertThat(injectedRun(name -> RandomGeneratorFactory.of("L64X128MixRandom").create(8L * 31 + name.hashCode())))
                .isNotEqualTo(first);
    }

    private static String injectedRun(Function<String, RandomGenerator> streams) {
        SimulationResult result = Simulation.builder().randomStreams(streams)
                .arrivals(ArrivalSource.poisson(700))
                .station(Station.builder().service(ServiceModel.exponential(Duration.ofMillis(1))).build())
                .maxArrivals(20_000)
                .build().run();
        result.littlesLaw().requireWithin(1e-9);
        return result.summary();
    }

    private static List<Long> arrivalTimes(ServiceModel service) {
        List<Long> times = new ArrayList<>();
        SimulationResult result = Simulation.builder().seed(5).arrivals(ArrivalSource.poisson(500))
                .station(Station.builder().service(service).build())
                .maxArrivals(1000)
                .listener(new SimulationListener() {
                    @Override
                    public void onArrival(long id, long nowNanos) {
                        times.add(nowNanos);
                    }
                })
                .build().run();
        result.littlesLaw().requireWithin(1e-9);
        return times;
    }

    private static String mixedRun(long seed) {
        ServiceModel service = ServiceModel.mixture(List.of(
                ServiceModel.lognormal(Duration.ofMillis(2), 0.8),
                ServiceModel.empiricalCdf(List.of(Duration.ofMillis(1), Duration.ofMillis(20)), new double[] {0.2, 1.0}),
                ServiceModel.exponential(Duration.ofMillis(3))), new double[] {7, 2, 1});
        SimulationResult result = Simulation.builder().seed(seed)
                .arrivals(ArrivalSource.onOff(Duration.ofMillis(300), 900, Duration.ofMillis(700), 100, true))
                .station(Station.builder().workers(3).queue(StationQueues.bounded(50, Duration.ofMillis(40)))
                        .service(service).build())
                .horizon(Duration.ofSeconds(30))
                .interval(Duration.ofSeconds(1))
                .build().run();
        assertThat(result.counts().shed()).isPositive();
        assertThat(result.counts().rejected()).isPositive();
        result.littlesLaw().requireWithin(1e-9);
        return result.summary();
    }
}
