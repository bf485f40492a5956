package io.tailguard.lab.live.planlive;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LimitTraceTest {

    @Test
    void givesTheMeanTheLowDecileAndTheDecreasesPerSecond() {
        int[] samples = {8, 8, 7, 8, 6, 5, 8, 8, 8, 4, 8};
        LimitTrace trace = LimitTrace.of(samples, 100);
        assertThat(trace.mean()).isEqualTo(78.0 / 11);
        assertThat(trace.lowDecile()).isEqualTo(5.0);
        // four decreases (8>7, 8>6, 6>5, 8>4) over ten intervals of 100 ms
        assertThat(trace.decreasesPerSecond()).isEqualTo(4.0);
    }

    @Test
    void anEmptySpanHasNoTrace() {
        assertThat(LimitTrace.of(new int[0], 100)).isEqualTo(LimitTrace.NONE);
    }
}
