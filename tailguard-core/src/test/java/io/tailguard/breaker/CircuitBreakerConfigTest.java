package io.tailguard.breaker;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CircuitBreakerConfigTest {

    @Test
    void rejectsAThresholdOutsideZeroToHundred() {
        assertThatThrownBy(() -> CircuitBreakerConfig.countBased(20, 10, 0.0, Duration.ofSeconds(1), 1))
                .hasMessage("failureRateThreshold must be in (0, 100] but was 0.0");
    }

    @Test
    void rejectsAMinimumLargerThanACountWindow() {
        assertThatThrownBy(() -> CircuitBreakerConfig.countBased(5, 10, 50.0, Duration.ofSeconds(1), 1))
                .hasMessage("minimumCalls must be <= windowSize (5) for a count-based window but was 10");
    }

    @Test
    void rejectsNoProbes() {
        assertThatThrownBy(() -> CircuitBreakerConfig.countBased(5, 5, 50.0, Duration.ofSeconds(1), 0))
                .hasMessage("permittedHalfOpenCalls must be >= 1 but was 0");
    }
}
