package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PercentileDelayEstimatorTest {

    private static final long MS = 1_000_000L;

    @Test
    void neverHedgesBeforeMinSamples() {
        PercentileDelayEstimator estimator = new PercentileDelayEstimator(95, 100, 10, 0);
        for (int i = 0; i < 9; i++) {
            estimator.record(5 * MS);
        }
        assertThat(estimator.delayNanos()).isEqualTo(DelayEstimator.NEVER);
        estimator.record(5 * MS);
        assertThat(estimator.delayNanos()).isEqualTo(5 * MS);
    }

    @Test
    void nearestRankPercentileOfTheWindow() {
        PercentileDelayEstimator estimator = new PercentileDelayEstimator(90, 100, 100, 0);
        for (int i = 100; i >= 1; i--) {
            estimator.record(i * MS);
        }
        assertThat(estimator.delayNanos()).isEqualTo(90 * MS);
    }

    @Test
    void floorBoundsTheDelayFromBelow() {
        PercentileDelayEstimator estimator = new PercentileDelayEstimator(50, 10, 10, 3 * MS);
        for (int i = 0; i < 10; i++) {
            estimator.record(MS);
        }
        assertThat(estimator.delayNanos()).isEqualTo(3 * MS);
    }

    @Test
    void tracksAShiftingLatencyDistribution() {
        SplittableRandom random = new SplittableRandom(4);
        PercentileDelayEstimator estimator = new PercentileDelayEstimator(90, 1000, 100, MS);
        // uniform 0..20 ms: p90 is 18 ms
        for (int i = 0; i < 5000; i++) {
            estimator.record(random.nextLong(20 * MS));
        }
        assertThat(estimator.delayNanos()).isBetween(17 * MS, 19 * MS);
        // the backend slows down to uniform 50..150 ms: p90 is 140 ms once the window has turned over
        for (int i = 0; i < 500; i++) {
            estimator.record(50 * MS + random.nextLong(100 * MS));
        }
        assertThat(estimator.delayNanos()).isBetween(50 * MS, 140 * MS);
        for (int i = 0; i < 1000; i++) {
            estimator.record(50 * MS + random.nextLong(100 * MS));
        }
        assertThat(estimator.delayNanos()).isBetween(135 * MS, 145 * MS);
        // and recovers
        for (int i = 0; i < 1000; i++) {
            estimator.record(random.nextLong(20 * MS));
        }
        assertThat(estimator.delayNanos()).isBetween(17 * MS, 19 * MS);
    }

    @Test
    void selectionMatchesSortingOnRandomArrays() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            int size = 1 + random.nextInt(300);
            long[] values = new long[size];
            for (int i = 0; i < size; i++) {
                values[i] = random.nextInt(50);
            }
            long[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            int k = random.nextInt(size);
            assertThat(Selection.select(values, size, k)).isEqualTo(sorted[k]);
        }
    }
}
