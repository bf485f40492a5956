package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CheckTest {

    private static final Duration MAX = Duration.ofMillis(100);

    @Test
    void aBoundedDurationAcceptsZeroToTheMaximum() {
        assertThat(Check.nonNegative("linger", Duration.ZERO, MAX)).isEqualTo(Duration.ZERO);
        assertThat(Check.nonNegative("linger", MAX, MAX)).isEqualTo(MAX);
    }

    @Test
    void aBoundedDurationNamesWhatWasWrong() {
        assertThatThrownBy(() -> Check.nonNegative("linger", Duration.ofNanos(-1), MAX))
                .hasMessage("linger must be >= 0 but was PT-0.000000001S");
        assertThatThrownBy(() -> Check.nonNegative("linger", Duration.ofMillis(101), MAX))
                .hasMessage("linger must be <= PT0.1S but was PT0.101S");
        assertThatThrownBy(() -> Check.nonNegative("linger", null, MAX))
                .hasMessage("linger must be non-null but was null");
    }
}
