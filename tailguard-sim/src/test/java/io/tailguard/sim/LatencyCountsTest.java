package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencyCountsTest {

    @Test
    void percentileIsTheNearestRank() {
        LatencyCounts counts = new LatencyCounts();
        for (long ms = 1; ms <= 10; ms++) {
            counts.record(ms);
        }
        assertThat(counts.percentile(0.5)).isEqualTo(5L);
        assertThat(counts.percentile(0.51)).isEqualTo(6L);
        assertThat(counts.percentile(0.9)).isEqualTo(9L);
        assertThat(counts.percentile(1.0)).isEqualTo(10L);
    }

    @Test
    void keepsLatenciesPastItsFirstSizeExactly() {
        LatencyCounts counts = new LatencyCounts();
        counts.record(5_000L);
        counts.record(-3L);
        assertThat(counts.percentile(0.5)).isZero();
        assertThat(counts.percentile(1.0)).isEqualTo(5_000L);
    }

    @Test
    void isEmptyAgainAfterClear() {
        LatencyCounts counts = new LatencyCounts();
        assertThat(counts.percentile(0.5)).isEqualTo(-1L);
        counts.record(7L);
        counts.clear();
        assertThat(counts.percentile(0.5)).isEqualTo(-1L);
    }
}
