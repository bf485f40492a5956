package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every service model keeps: draws are non-negative, reproducible from the seed, and
 * average to {@link ServiceModel#meanNanos()}.
 */
class ServiceModelContractTest {

    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("fixed", ServiceModel.fixed(Duration.ofMillis(4))),
                Arguments.of("exponential", ServiceModel.exponential(Duration.ofMillis(4))),
                Arguments.of("lognormal", ServiceModel.lognormal(Duration.ofMillis(4), 0.6)),
                Arguments.of("empirical", ServiceModel.empirical(
                        List.of(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(9)))),
                Arguments.of("empiricalCdf", ServiceModel.empiricalCdf(
                        List.of(Duration.ofMillis(1), Duration.ofMillis(5), Duration.ofMillis(50)),
                        new double[] {0.1, 0.9, 1.0})),
                Arguments.of("mixture", ServiceModel.mixture(
                        List.of(ServiceModel.exponential(Duration.ofMillis(1)), ServiceModel.fixed(Duration.ofMillis(30))),
                        new double[] {0.9, 0.1})));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void drawsAreNonNegativeReproducibleAndAverageToTheMean(String name, ServiceModel model) {
        SplittableRandom first = new SplittableRandom(23);
        SplittableRandom second = new SplittableRandom(23);
        int n = 200_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            long x = model.sampleNanos(first);
            assertThat(model.sampleNanos(second)).isEqualTo(x);
            assertThat(x).isNotNegative();
            sum += x;
        }
        assertThat(sum / n).isCloseTo(model.meanNanos(), within(model.meanNanos() * 0.02));
    }
}
