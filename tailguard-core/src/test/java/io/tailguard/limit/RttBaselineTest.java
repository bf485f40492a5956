package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

class RttBaselineTest {

    private static final long MS = 1_000_000L;
    private static final long WINDOW = 1_000 * MS;

    @Test
    void hasNoBaselineUntilTheShortAverageHasTenSamples() {
        RttBaseline rtt = new RttBaseline(WINDOW);
        for (int i = 1; i < RttBaseline.WARMUP_SAMPLES; i++) {
            rtt.add(i * MS, 10 * MS, true);
            assertThat(rtt.ready()).isFalse();
            assertThat(rtt.baselineNanos()).isZero();
        }
        rtt.add(RttBaseline.WARMUP_SAMPLES * MS, 10 * MS, true);
        assertThat(rtt.ready()).isTrue();
        assertThat(rtt.baselineNanos()).isEqualTo(10.0 * MS);
    }

    @Test
    void aFastFirstSampleWeighsATenthInTheFirstBaseline() {
        // the first sample used to be the baseline: 0.1 ms here, so every normal RTT read as a queue
        RttBaseline rtt = new RttBaseline(WINDOW);
        rtt.add(0, 100_000L, true);
        for (int i = 1; i < RttBaseline.WARMUP_SAMPLES; i++) {
            rtt.add(i * MS, 10 * MS, true);
        }
        assertThat(rtt.baselineNanos()).isEqualTo((0.1 + 9 * 10.0) / 10 * MS, offset(1.0));
        assertThat(rtt.smoothedNanos()).isEqualTo(rtt.baselineNanos());
    }

    @Test
    void afterTheTenthSampleEachSampleWeighsATenthOfTheGap() {
        RttBaseline rtt = new RttBaseline(WINDOW);
        for (int i = 0; i < RttBaseline.WARMUP_SAMPLES; i++) {
            rtt.add(i * MS, 10 * MS, true);
        }
        rtt.add(20 * MS, 100_000L, true);
        assertThat(rtt.smoothedNanos()).isEqualTo(10 * MS - 0.1 * (10 * MS - 100_000L), offset(1.0));
        assertThat(rtt.baselineNanos()).isEqualTo(rtt.smoothedNanos());
    }
}
