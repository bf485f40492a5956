package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RateTextTest {

    private static final long S = 1_000_000_000L;

    @Test
    void readsACountPerUnitOrPerDuration() {
        assertThat(RateText.parseOrNull("500/s")).isEqualTo(new Rate(500, S));
        assertThat(RateText.parseOrNull("30/m")).isEqualTo(new Rate(1, 2 * S));
        assertThat(RateText.parseOrNull("1000/h")).isEqualTo(new Rate(5, 18 * S));
        assertThat(RateText.parseOrNull("1/2s")).isEqualTo(new Rate(1, 2 * S));
        assertThat(RateText.parseOrNull(" 3 / 250ms ")).isEqualTo(new Rate(12, S));
    }

    @Test
    void aDayIsARateUnitForQuotas() {
        assertThat(RateText.parseOrNull("1/d")).isEqualTo(new Rate(1, 86_400 * S));
        assertThat(RateText.parseOrNull("0.5/d")).isEqualTo(new Rate(1, 2 * 86_400 * S));
        assertThat(RateText.parseOrNull("1/2d")).isNull();
    }

    @Test
    void aFractionIsExactAsAWholeCountPerPeriod() {
        Rate half = RateText.parseOrNull("0.5/s");
        assertThat(half.count()).isEqualTo(1);
        assertThat(half.periodNanos()).isEqualTo(2 * S);
        assertThat(half.isWholePerSecond()).isFalse();
        assertThat(half).hasToString("1/2s");
        Rate third = RateText.parseOrNull("0.333/s");
        assertThat(third).isEqualTo(new Rate(333, 1000 * S));
        // a floating-point 0.1/s summed ten thousand times drifts; the due time of event n does not
        Rate tenth = RateText.parseOrNull("0.1/s");
        assertThat(tenth.offsetNanos(10_000)).isEqualTo(100_000 * S);
        assertThat(RateText.parseOrNull("2e3/s").wholePerSecond()).isEqualTo(2000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "500", "/s", "500/", "0/s", "-1/s", "1/0s", "1/x", "x/s", "1/s/s",
        "99999999999999999999/s"})
    void malformedOrNotPositiveIsNull(String text) {
        assertThat(RateText.parseOrNull(text)).isNull();
    }

    @Test
    void parseNamesTheSettingTheValueAndTheForm() {
        assertThatThrownBy(() -> RateText.parse("--rate", "fast"))
                .hasMessage("--rate must be a positive rate like 500/s, 0.5/s, 30/m or 1000/h but was fast");
    }

    @Test
    void aWholeRateASecondConverts() {
        assertThat(Rate.perSecond(250).wholePerSecond()).isEqualTo(250);
        assertThat(new Rate(1, S / 4).wholePerSecond()).isEqualTo(4);
        assertThatThrownBy(() -> new Rate(1, 2 * S).wholePerSecond()).isInstanceOf(ArithmeticException.class);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"500/s, 500/s", "0.5/s, 0.5/s", "30/m, 0.5/s", "2.5/s, 2.5/s",
        "0.333/s, 0.333/s", "1/m, 1/m", "1000/h, 1000/h", "1/d, 1/d", "1/7s, 1/7s", "2e3/s, 2000/s", "3/250ms, 12/s"})
    void formatWritesTheExactRateInAFormParseReadsBack(String written, String formatted) {
        Rate rate = RateText.parseOrNull(written);
        assertThat(RateText.format(rate)).isEqualTo(formatted);
        assertThat(RateText.parseOrNull(formatted)).isEqualTo(rate);
    }
}
