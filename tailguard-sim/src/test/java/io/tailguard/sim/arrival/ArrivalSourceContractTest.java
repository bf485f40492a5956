package io.tailguard.sim.arrival;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The contract every arrival source keeps: non-negative, non-decreasing, reproducible from the seed. */
class ArrivalSourceContractTest {

    static Stream<Arguments> sources() {
        return Stream.of(
                Arguments.of("constant", ArrivalSource.constant(Duration.ofMillis(3), Duration.ofMillis(1))),
                Arguments.of("constantRate", ArrivalSource.constantRate(333.3)),
                Arguments.of("poisson", ArrivalSource.poisson(1234)),
                Arguments.of("onOff poisson", ArrivalSource.onOff(Duration.ofMillis(50), 2000, Duration.ofMillis(150), 10, true)),
                Arguments.of("onOff constant", ArrivalSource.onOff(Duration.ofMillis(50), 2000, Duration.ofMillis(150), 0, false)),
                Arguments.of("trace", ArrivalSource.trace(new long[] {0, 0, 5, 7, 7, 1_000_000})));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void timesAreNonNegativeNonDecreasingAndReproducible(String name, ArrivalSource source) {
        ArrivalStream first = source.open(new SplittableRandom(17));
        ArrivalStream second = source.open(new SplittableRandom(17));
        long previous = 0;
        for (int i = 0; i < 20_000; i++) {
            long t = first.nextNanos();
            assertThat(second.nextNanos()).isEqualTo(t);
            if (t == ArrivalStream.END) {
                assertThat(source.finite()).isTrue();
                assertThat(first.nextNanos()).isEqualTo(ArrivalStream.END);
                return;
            }
            assertThat(t).isGreaterThanOrEqualTo(previous);
            previous = t;
        }
        assertThat(source.finite()).isFalse();
    }
}
