package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LabOptionTest {

    private final LabOption scale = LabOption.fraction("--scale", "1", "time scale");

    @ParameterizedTest
    @ValueSource(strings = {"0.1", "1", "0.001", " 0.5 "})
    void fractionAcceptsNumbersAboveZeroUpToOne(String value) {
        assertThat((Double) scale.parse(value)).isEqualTo(Double.parseDouble(value.trim()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0.1", "1.5", "x", "NaN", ""})
    void fractionRefusesEverythingElseInOneLine(String value) {
        assertThatThrownBy(() -> scale.parse(value)).isInstanceOf(LabUsageException.class)
                .hasMessage("--scale must be a number greater than 0 and at most 1 but was '" + value.trim() + "'");
    }
}
