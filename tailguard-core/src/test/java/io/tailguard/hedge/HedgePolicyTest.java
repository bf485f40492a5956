package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HedgePolicyTest {

    @Test
    void rejectsMoreThanFiveAttempts() {
        assertThatThrownBy(() -> HedgePolicy.speculative(6, Duration.ofMillis(1), Duration.ofMillis(9)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxAttempts must be between 1 and 5 but was 6");
    }

    @Test
    void rejectsZeroTimeoutAndPatience() {
        assertThatThrownBy(() -> HedgePolicy.speculative(2, Duration.ofMillis(1), Duration.ZERO))
                .hasMessage("timeout must be > 0 but was PT0S");
        assertThatThrownBy(() -> HedgeDelay.fixed(Duration.ZERO))
                .hasMessage("patience must be > 0 but was PT0S");
    }

    @Test
    void rejectsNullBudgetOptional() {
        assertThatThrownBy(() -> new HedgePolicy(2, HedgeDelay.percentile(95), Duration.ofMillis(5),
                null, e -> true)).hasMessage("budget must be non-null but was null");
        new HedgePolicy(2, HedgeDelay.percentile(95), Duration.ofMillis(5), Optional.empty(), e -> true);
    }

    @Test
    void rejectsPercentileOutsideTheOpenRange() {
        assertThatThrownBy(() -> HedgeDelay.percentile(100))
                .hasMessage("percentile must be > 0 and < 100 but was 100.0");
        assertThatThrownBy(() -> new HedgeDelay.Percentile(90, 100, 101, Duration.ZERO))
                .hasMessage("minSamples must be between 1 and 100 but was 101");
    }

    @Test
    void rejectsBudgetWithoutShare() {
        assertThatThrownBy(() -> HedgeBudget.of(0))
                .hasMessage("maxExtraLoad must be > 0 and <= 4 but was 0.0");
        assertThatThrownBy(() -> new HedgeBudget(0.1, 0))
                .hasMessage("maxTokens must be between 1 and 1000000 but was 0");
    }
}
