package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PublishedSamplerTest {

    @Test
    void ninetyNinePercentNearTwentyMillisecondsAndOnePercentATailFrom200To3000() {
        Random random = PublishedSampler.generator(42);
        int n = 200_000;
        int tail = 0;
        double sumMs = 0;
        for (int i = 0; i < n; i++) {
            long ms = PublishedSampler.sampleMillis(random);
            assertThat(ms).isBetween(1L, 3000L);
            if (ms >= 200) {
                tail++;
            } else {
                assertThat(ms).isLessThanOrEqualTo(100);
            }
            sumMs += ms;
        }
        assertThat(tail / (double) n).isCloseTo(0.01, within(0.001));
        assertThat(sumMs / n * 1e6).isCloseTo(PublishedSampler.INSTANCE.meanNanos(), within(0.03e6 * 20));
    }

    @Test
    void theSameSeedGivesTheSameDraws() {
        Random a = PublishedSampler.generator(7);
        Random b = PublishedSampler.generator(7);
        for (int i = 0; i < 1000; i++) {
            assertThat(PublishedSampler.INSTANCE.sampleNanos(a)).isEqualTo(PublishedSampler.INSTANCE.sampleNanos(b));
        }
    }
}
