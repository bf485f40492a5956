package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class NanosTest {

    @Test
    void convertsADurationThatFits() {
        assertThat(Nanos.saturated(Duration.ofMillis(3))).isEqualTo(3_000_000L);
        assertThat(Nanos.limitOrUnlimited(Duration.ofMillis(3))).isEqualTo(3_000_000L);
    }

    @Test
    void saturatesADurationTooLongForALong() {
        assertThat(Nanos.saturated(Duration.ofDays(365L * 300))).isEqualTo(Long.MAX_VALUE);
        assertThat(Nanos.limitOrUnlimited(Duration.ofDays(365L * 300))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void readsZeroAsNoLimit() {
        assertThat(Nanos.saturated(Duration.ZERO)).isZero();
        assertThat(Nanos.limitOrUnlimited(Duration.ZERO)).isEqualTo(Long.MAX_VALUE);
    }
}
