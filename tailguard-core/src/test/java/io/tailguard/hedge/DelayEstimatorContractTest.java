package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every {@link DelayEstimator} promises, run against each implementation. */
class DelayEstimatorContractTest {

    static Stream<HedgeDelay> delays() {
        return Stream.of(HedgeDelay.fixed(Duration.ofMillis(7)),
                new HedgeDelay.Percentile(90, 50, 10, Duration.ofMillis(1)));
    }

    @ParameterizedTest
    @MethodSource("delays")
    void delayIsNeverBelowOneNanosecondAndSettlesAfterEnoughSamples(HedgeDelay delay) {
        DelayEstimator estimator = DelayEstimator.of(delay);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 500; i++) {
            estimator.record(random.nextLong(0, 20_000_000L));
            long nanos = estimator.delayNanos();
            assertThat(nanos).isPositive();
        }
        assertThat(estimator.delayNanos()).isNotEqualTo(DelayEstimator.NEVER);
    }

    @ParameterizedTest
    @MethodSource("delays")
    void recordingNegativeOrHugeLatenciesIsHarmless(HedgeDelay delay) {
        DelayEstimator estimator = DelayEstimator.of(delay);
        for (int i = 0; i < 100; i++) {
            estimator.record(i % 2 == 0 ? -5L : Long.MAX_VALUE / 2);
        }
        assertThat(estimator.delayNanos()).isPositive();
    }
}
