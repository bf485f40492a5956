package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ServiceModelTest {

    private static final int N = 400_000;

    private static long[] draw(ServiceModel model, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] out = new long[N];
        for (int i = 0; i < N; i++) {
            out[i] = model.sampleNanos(random);
        }
        return out;
    }

    private static double mean(long[] xs) {
        return Arrays.stream(xs).average().orElseThrow();
    }

    @Test
    void fixedAlwaysReturnsItsValue() {
        assertThat(draw(ServiceModel.fixed(Duration.ofMillis(10)), 1)).containsOnly(10_000_000L);
    }

    @Test
    void exponentialHasItsMeanAndMedianLnTwoTimesTheMean() {
        long[] xs = draw(ServiceModel.exponential(Duration.ofMillis(2)), 2);
        assertThat(mean(xs)).isCloseTo(2e6, within(2e6 * 0.01));
        Arrays.sort(xs);
        assertThat((double) xs[N / 2]).isCloseTo(Math.log(2) * 2e6, within(2e6 * 0.01));
    }

    @Test
    void lognormalHasItsMedianAndMean() {
        ServiceModel model = ServiceModel.lognormal(Duration.ofMillis(5), 0.5);
        long[] xs = draw(model, 3);
        Arrays.sort(xs);
        assertThat((double) xs[N / 2]).isCloseTo(5e6, within(5e6 * 0.01));
        assertThat(model.meanNanos()).isCloseTo(5e6 * Math.exp(0.125), within(1.0));
        assertThat(mean(xs)).isCloseTo(model.meanNanos(), within(model.meanNanos() * 0.01));
    }

    @Test
    void empiricalDrawsOnlyItsSamplesEquallyOften() {
        ServiceModel model = ServiceModel.empirical(List.of(Duration.ofMillis(1), Duration.ofMillis(3)));
        long[] xs = draw(model, 4);
        assertThat(xs).containsOnly(1_000_000L, 3_000_000L);
        assertThat(mean(xs)).isCloseTo(2e6, within(2e6 * 0.01));
        assertThat(model.meanNanos()).isEqualTo(2e6);
    }

    @Test
    void empiricalCdfInterpolatesBetweenPoints() {
        // 50 % at exactly 1 ms, the other 50 % uniform on (1 ms, 3 ms]: mean 0.5*1 + 0.5*2 = 1.5 ms
        ServiceModel model = ServiceModel.empiricalCdf(List.of(Duration.ofMillis(1), Duration.ofMillis(3)),
                new double[] {0.5, 1.0});
        long[] xs = draw(model, 5);
        assertThat(model.meanNanos()).isEqualTo(1.5e6);
        assertThat(mean(xs)).isCloseTo(1.5e6, within(1.5e6 * 0.01));
        assertThat(Arrays.stream(xs).filter(x -> x == 1_000_000L).count()).isCloseTo(N / 2L, within(N / 100L));
        assertThat(Arrays.stream(xs).min().orElseThrow()).isEqualTo(1_000_000L);
        assertThat(Arrays.stream(xs).max().orElseThrow()).isLessThanOrEqualTo(3_000_000L).isGreaterThan(2_990_000L);
    }

    @Test
    void mixtureDrawsComponentsByWeight() {
        ServiceModel model = ServiceModel.mixture(
                List.of(ServiceModel.fixed(Duration.ofMillis(1)), ServiceModel.fixed(Duration.ofMillis(100))),
                new double[] {95, 5});
        long[] xs = draw(model, 6);
        long slow = Arrays.stream(xs).filter(x -> x == 100_000_000L).count();
        assertThat(slow).isCloseTo(N / 20L, within(N / 200L));
        assertThat(model.meanNanos()).isCloseTo(0.95e6 + 5e6, within(1e-6));
    }

    @Test
    void validatesWithTheHouseMessage() {
        assertThatThrownBy(() -> ServiceModel.exponential(Duration.ZERO)).hasMessage("mean must be > 0 but was PT0S");
        assertThatThrownBy(() -> ServiceModel.empirical(List.of())).hasMessage("samples must be non-empty but was []");
        assertThatThrownBy(() -> ServiceModel.empiricalCdf(List.of(Duration.ofMillis(1)), new double[] {0.9}))
                .hasMessage("cumulativeProbabilities must end at 1.0 but ended at 0.9");
        assertThatThrownBy(() -> ServiceModel.mixture(List.of(ServiceModel.fixed(Duration.ZERO)), new double[] {0}))
                .hasMessage("weights must have a positive sum but was 0.0");
    }
}
