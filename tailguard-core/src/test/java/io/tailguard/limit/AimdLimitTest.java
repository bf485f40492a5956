package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AimdLimitTest {

    private static final long MS = 1_000_000L;

    private static AimdLimit limit() {
        return new AimdLimit(new AimdLimitConfig(10, 5, 20, 0.5, Duration.ofSeconds(1)));
    }

    @Test
    void growsByOnePerSuccessWhileAtLeastHalfTheLimitIsInUse() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 5, false)).isEqualTo(11);
        assertThat(limit.update(0, 10 * MS, 11, false)).isEqualTo(12);
    }

    @Test
    void doesNotGrowWhileMostlyIdle() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 4, false)).isEqualTo(10);
    }

    @Test
    void backsOffMultiplicativelyOnDropOrTimeoutDownToTheFloor() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 10, true)).isEqualTo(5);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, 10, false);
        }
        assertThat(limit.limit()).isEqualTo(15);
        assertThat(limit.update(0, 1_001 * MS, 10, false)).isEqualTo(7);
        assertThat(limit.update(0, 10 * MS, 10, true)).isEqualTo(5);
    }

    @Test
    void neverGrowsPastTheCeiling() {
        AimdLimit limit = limit();
        for (int i = 0; i < 100; i++) {
            limit.update(0, MS, 100, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
        assertThat(limit.maxLimit()).isEqualTo(20);
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new AimdLimitConfig(10, 5, 20, 1.0, Duration.ofSeconds(1)))
                .hasMessage("backoffRatio must be >= 0.5 and < 1 but was 1.0");
        assertThatThrownBy(() -> new AimdLimitConfig(30, 5, 20, 0.9, Duration.ofSeconds(1)))
                .hasMessage("initialLimit must be between 5 and 20 but was 30");
        assertThatThrownBy(() -> new AimdLimitConfig(10, 5, 4, 0.9, Duration.ofSeconds(1)))
                .hasMessage("maxLimit must be between 5 and 2147483647 but was 4");
    }
}
