package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HedgingArticleLatencyTest {

    private static final int DRAWS = 400_000;

    private final long[] sortedNanos = draws();

    private static long[] draws() {
        SplittableRandom random = new SplittableRandom(1);
        long[] values = new long[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            values[i] = HedgingArticleLatency.MODEL.sampleNanos(random);
        }
        Arrays.sort(values);
        return values;
    }

    private double percentileMs(double percentile) {
        return sortedNanos[(int) Math.ceil(percentile / 100.0 * DRAWS) - 1] / 1e6;
    }

    @Test
    void reproducesTheArticlesPercentilesWithinTenPercent() {
        assertThat(percentileMs(50)).isCloseTo(15, within(1.5));
        assertThat(percentileMs(90)).isCloseTo(28, within(2.8));
        assertThat(percentileMs(95)).isCloseTo(30, within(3.0));
        assertThat(percentileMs(99)).isCloseTo(118, within(11.8));
        assertThat(percentileMs(99.9)).isCloseTo(350, within(35.0));
    }

    @Test
    void slowResponsesComeFromRareStallsNotFromTheBody() {
        // the body never passes 36 ms; everything slower is a stall, about 1.12 % of draws
        long slow = Arrays.stream(sortedNanos).filter(nanos -> nanos > HedgingArticleLatency.BODY_CEILING.toNanos()).count();
        assertThat(100.0 * slow / DRAWS).isBetween(1.02, 1.22);
    }

    @Test
    void exactMeanMatchesTheDraws() {
        double mean = Arrays.stream(sortedNanos).average().orElseThrow();
        assertThat(HedgingArticleLatency.MODEL.meanNanos()).isCloseTo(mean, within(0.02 * mean));
    }
}
