package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @Test
    void parsesThePublishedSuffixes() {
        assertThat(Durations.parsePositive("--d", "500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parsePositive("--d", "5s")).isEqualTo(Duration.ofSeconds(5));
        assertThat(Durations.parsePositive("--d", "2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parsePositive("--d", "1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parsePositive("--d", "0.5s")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parsePositive("--d", "1m30s")).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void refusesABareNumberAndShowsTheUnits() {
        assertThatThrownBy(() -> Durations.parsePositive("--duration", "7"))
                .isInstanceOf(LabUsageException.class)
                .hasMessage("--duration must be a positive duration like 5s or 500ms (a number needs a unit: ns, us,"
                        + " ms, s, m or h) but was '7'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"5x", "-1s", "0s", "", "s", "1.5x", "5 s", "99999999999999999999h"})
    void rejectsMalformedOrNonPositive(String value) {
        assertThatThrownBy(() -> Durations.parsePositive("--duration", value))
                .isInstanceOf(LabUsageException.class)
                .hasMessage("--duration must be a positive duration like 5s or 500ms but was '" + value + "'");
    }

    @Test
    void formatsWithTheLargestExactUnit() {
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(Durations.format(Duration.ofMinutes(120))).isEqualTo("2h");
    }
}
