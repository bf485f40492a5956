package io.tailguard.lab.leases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConcurrencyDelayTest {

    private final ConcurrencyDelay demo = ConcurrencyDelay.parse(ConcurrencyDelay.DEMO);
    private final SplittableRandom random = new SplittableRandom(3);

    private void assertBand(ConcurrencyDelay model, int count, long lowMillis, long highMillis) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < 20_000; i++) {
            long delay = model.delayMillis(count, random);
            min = Math.min(min, delay);
            max = Math.max(max, delay);
        }
        assertThat(min).as("min for count %d", count).isEqualTo(lowMillis);
        assertThat(max).as("max for count %d", count).isEqualTo(highMillis - 1);
    }

    @Test
    void drawsWholeMillisecondsUniformlyInTheBandOfTheCount() {
        assertBand(demo, 1, 0, 2);
        assertBand(demo, 10, 0, 2);
        assertBand(demo, 11, 2, 5);
        assertBand(demo, 50, 2, 5);
        assertBand(demo, 51, 5, 20);
        assertBand(demo, 120, 5, 20);
        assertBand(demo, 121, 20, 5000);
        assertBand(demo, 100_000, 20, 5000);
    }

    @Test
    void halvedModelSaturatesAtSixty() {
        ConcurrencyDelay half = demo.halved();
        assertBand(half, 5, 0, 2);
        assertBand(half, 6, 2, 5);
        assertBand(half, 60, 5, 20);
        assertBand(half, 61, 20, 5000);
        assertThat(half.toString()).isEqualTo("5 => 2; 25 => 5; 60 => 20; => 5000");
    }

    @Test
    void printsTheTableItParsed() {
        assertThat(demo.toString()).isEqualTo(ConcurrencyDelay.DEMO);
    }

    @Test
    void rejectsATableWithoutAnOpenLastStep() {
        assertThatThrownBy(() -> ConcurrencyDelay.parse("10 => 2; 50 => 5"))
                .hasMessageContaining("must end with one '=> ms' step without threshold");
        assertThatThrownBy(() -> ConcurrencyDelay.parse("10 2"))
                .hasMessageContaining("must have steps 'n => ms'");
    }
}
