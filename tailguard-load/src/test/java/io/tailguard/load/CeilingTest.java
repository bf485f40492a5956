package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class CeilingTest {

    @Test
    void isTheConnectionsOverTheMeanServiceTime() {
        Histogram service = new Histogram(1_000L, Engine.MAX_RECORDED_NANOS, 3);
        service.recordValueWithCount(200_000_000L, 10);
        assertThat(Ceiling.perSecond(10, service)).isBetween(49.9, 50.1);
        assertThat(Ceiling.sentence(10, service)).startsWith("ceiling 50.0/s = 10 connections ÷ 199.9")
                .endsWith("ms each; raise --max-connections");
    }

    @Test
    void namesNoCeilingWhenNothingWasAnswered() {
        Histogram none = new Histogram(1_000L, Engine.MAX_RECORDED_NANOS, 3);
        assertThat(Ceiling.perSecond(10, none)).isZero();
        assertThat(Ceiling.sentence(10, none)).isEqualTo(
                "no answer came to measure the ceiling of 10 connections by; raise --max-connections");
    }
}
