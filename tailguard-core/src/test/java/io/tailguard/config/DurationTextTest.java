package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest
    @CsvSource({
        "7ns, PT0.000000007S", "500us, PT0.0005S", "250ms, PT0.25S", "10s, PT10S", "2m, PT2M", "1h, PT1H",
        "' -1s ', PT-1S", "0.5s, PT0.5S", "1.25ms, PT0.00125S", "1m30s, PT90S", "1h2m3s4ms, PT1H2M3.004S",
        "-1m30s, PT-90S"})
    void readsEveryUnitWithFractionsAndPartsFromTheLargestUnitDown(String text, Duration expected) {
        assertThat(DurationText.parseOrNull(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "0.5", "5x", "s", "5 s", "9223372036854775807us", "30s1m", "1s1s", "0.5ns", "1..5s",
        ".s", "1m-30s", "-"})
    void malformedOrOverflowingTextIsNull(String text) {
        assertThat(DurationText.parseOrNull(text)).isNull();
    }

    @Test
    void positiveRefusesZeroAndNegativeWithTheNameAndValue() {
        assertThat(DurationText.parsePositive("interval", "3ms")).isEqualTo(Duration.ofMillis(3));
        assertThatThrownBy(() -> DurationText.parsePositive("interval", "0s"))
                .hasMessage("interval must be a positive duration like 10s, 250ms or 500us but was 0s");
        assertThatThrownBy(() -> DurationText.parsePositive("interval", "-1s"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DurationText.parsePositive("interval", "soon"))
                .hasMessage("interval must be a positive duration like 10s, 250ms or 500us but was soon");
        assertThatThrownBy(() -> DurationText.parsePositive("interval", "10"))
                .hasMessage("interval must be a positive duration like 10s, 250ms or 500us but was 10"
                        + " (a number needs a unit: ns, us, ms, s, m or h)");
    }

    @Test
    void nonNegativeAcceptsABareZeroAndRejectsNegativeOrMalformedText() {
        assertThat(DurationText.parseNonNegative("grace", "0")).isZero();
        assertThat(DurationText.parseNonNegative("grace", "0ms")).isZero();
        assertThat(DurationText.parseNonNegative("grace", "2ms")).isEqualTo(Duration.ofMillis(2));
        assertThatThrownBy(() -> DurationText.parseNonNegative("grace", "-1ms"))
                .hasMessage("grace must be 0 or a duration like 2ms, 500us or 10s but was -1ms");
        assertThatThrownBy(() -> DurationText.parseNonNegative("grace", "5"))
                .hasMessage("grace must be 0 or a duration like 2ms, 500us or 10s but was 5"
                        + " (a number needs a unit: ns, us, ms, s, m or h)");
    }
}
