package io.tailguard.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ManualClockTest {

    @Test
    void readsZeroOrTheStartTimeUntilMoved() {
        assertThat(new ManualClock().nanoTime()).isZero();
        assertThat(new ManualClock(-42).nanoTime()).isEqualTo(-42);
    }

    @Test
    void advanceMovesForwardAndReturnsTheNewTime() {
        ManualClock clock = new ManualClock(10);
        assertThat(clock.advanceNanos(5)).isEqualTo(15);
        assertThat(clock.advance(Duration.ofMillis(1))).isEqualTo(1_000_015);
        assertThat(clock.nanoTime()).isEqualTo(1_000_015);
    }

    @Test
    void neverGoesBackwards() {
        ManualClock clock = new ManualClock(100);
        assertThatThrownBy(() -> clock.advanceNanos(-1)).hasMessage("stepNanos must be >= 0 but was -1");
        assertThatThrownBy(() -> clock.setNanos(99))
                .hasMessage("timeNanos must be >= current time 100 but was 99");
        clock.setNanos(100);
        clock.setNanos(250);
        assertThat(clock.nanoTime()).isEqualTo(250);
    }
}
