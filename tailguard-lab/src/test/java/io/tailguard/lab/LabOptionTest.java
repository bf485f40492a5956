package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.config.Rate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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

    private final LabOption rate = LabOption.rate("--offered-rate", "500/s", "offered load");

    @Test
    void aRateReadsCoresOneSyntaxExactly() {
        assertThat(rate.parse("500/s")).isEqualTo(Rate.perSecond(500));
        assertThat(rate.parse(" 0.5/s ")).isEqualTo(new Rate(1, 2_000_000_000L));
        assertThat(rate.parse("30/m")).isEqualTo(new Rate(1, 2_000_000_000L));
        assertThat(rate.parse("1000/h")).isEqualTo(new Rate(5, 18_000_000_000L));
        assertThat(rate.paramLabel()).isEqualTo("<rate>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"500", "0/s", "fast", "-1/s", ""})
    void aRateRefusesABareNumberAndEverythingElseInOneLine(String value) {
        assertThatThrownBy(() -> rate.parse(value)).isInstanceOf(LabUsageException.class)
                .hasMessage("--offered-rate must be a positive rate like 500/s, 0.5/s, 30/m or 1000/h but was '"
                        + value.trim() + "'");
    }

    @Test
    void labArgsHandsARateOptionOverAsARate() {
        Experiment experiment = new Experiment() {
            @Override
            public ExperimentSpec spec() {
                return new ExperimentSpec("rated", "Rated", "A rate option.", LabSeries.TAILGUARD, List.of(rate),
                        List.of(), List.of());
            }

            @Override
            public LabResult run(LabArgs args, Progress progress) {
                throw new UnsupportedOperationException("only parsed");
            }
        };
        assertThat(LabArgs.parse(experiment, Map.of("--offered-rate", "30/m"), List.of()).rate("--offered-rate"))
                .isEqualTo(new Rate(1, 2_000_000_000L));
        assertThat(LabArgs.parse(experiment, Map.of(), List.of()).rate("--offered-rate")).isEqualTo(Rate.perSecond(500));
    }
}
