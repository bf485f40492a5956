package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DelayTableTest {

    private final DelayTable demo = DelayTable.parse(DelayTable.DEMO);
    private final SplittableRandom random = new SplittableRandom(3);

    private void assertBand(DelayTable model, int count, long lowMillis, long highMillis) {
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
        DelayTable half = demo.halved();
        assertBand(half, 5, 0, 2);
        assertBand(half, 6, 2, 5);
        assertBand(half, 60, 5, 20);
        assertBand(half, 61, 20, 5000);
        assertThat(half.toString()).isEqualTo("10=>2;50=>5;120=>20;=>5000 halved");
    }

    @Test
    void printsTheTableItParsed() {
        assertThat(demo.toString()).isEqualTo(DelayTable.DEMO);
    }

    @Test
    void rejectsATableWithoutAnOpenLastStepNamingWhatWasGiven() {
        assertThatThrownBy(() -> DelayTable.parse("10 => 2; 50 => 5"))
                .hasMessage("table must be steps 'count=>ms' separated by ';', counts increasing, the last step "
                        + "without a count (e.g. 10=>2;50=>5;120=>20;=>5000) but was '10 => 2; 50 => 5'");
        assertThatThrownBy(() -> DelayTable.parse("--saturable", "10 2"))
                .hasMessageStartingWith("--saturable must be steps 'count=>ms'");
    }
}
