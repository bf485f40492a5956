package io.tailguard.sim.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConcurrencyDelayTest {

    @Test
    void drawsFromTheStepOfTheConcurrency() {
        ConcurrencyDelay table = ConcurrencyDelay.parse("10=>2;50=>5;=>5000");
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            assertThat(table.extraNanos(10, random)).isBetween(0L, 1_000_000L);
            assertThat(table.extraNanos(11, random)).isBetween(2_000_000L, 4_000_000L);
            assertThat(table.extraNanos(51, random)).isBetween(5_000_000L, 4_999_000_000L);
        }
    }

    @Test
    void refusesATableWhoseLastStepHasACount() {
        assertThatThrownBy(() -> ConcurrencyDelay.parse("10=>2;50=>5"))
                .hasMessageStartingWith("slowdown must be steps 'count=>ms' separated by ';'")
                .hasMessageEndingWith("but was '10=>2;50=>5'");
    }
}
