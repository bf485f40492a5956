package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Gradient2LimitTest {

    private static final long MS = 1_000_000L;

    private static Gradient2Limit limit(double dropBackoffRatio) {
        return new Gradient2Limit(new Gradient2LimitConfig(20, 10, 200, 0.2, 1.5, 600, 4, dropBackoffRatio));
    }

    @Test
    void growsWhileLatencyIsSteadyAndTheLimitIsInUse() {
        Gradient2Limit limit = limit(0.9);
        for (int i = 0; i < 50; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThanOrEqualTo(55);
    }

    @Test
    void shrinksWhenLatencyStepsUp() {
        Gradient2Limit limit = limit(1.0);
        for (int i = 0; i < 200; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        int steady = limit.limit();
        for (int i = 0; i < 10; i++) {
            limit.update(0, 40 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isLessThan(steady * 3 / 4);
    }

    @Test
    void doesNotMoveWhileLessThanHalfTheLimitIsInUse() {
        Gradient2Limit limit = limit(0.9);
        for (int i = 0; i < 20; i++) {
            limit.update(0, 10 * MS, 5, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
        assertThat(limit.longRttNanos()).isEqualTo(10.0 * MS);
    }

    @Test
    void dropBacksOffUnlessConfiguredToIgnoreDrops() {
        Gradient2Limit backingOff = limit(0.5);
        Gradient2Limit ignoring = limit(1.0);
        assertThat(backingOff.update(0, 10 * MS, 20, true)).isEqualTo(10);
        assertThat(ignoring.update(0, 10 * MS, 20, true)).isEqualTo(20);
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new Gradient2LimitConfig(20, 10, 200, 0.2, 0.9, 600, 4, 1.0))
                .hasMessage("rttTolerance must be >= 1 and finite but was 0.9");
        assertThatThrownBy(() -> new Gradient2LimitConfig(20, 10, 200, 0.2, 1.5, 600, -1, 1.0))
                .hasMessage("queueSize must be between 0 and 2147483647 but was -1");
    }
}
