package io.tailguard.lab.slocontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.Durations;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The experiment against the specification's rules for other windows and seeds, and its knobs. */
class SloLoadControlModelTest {

    @TempDir
    Path tmp;

    @Test
    void oracleReproducesTheGoldenFiles() throws IOException {
        assertThat(PublishedSloOracle.protection(5000, 23))
                .isEqualTo(SeriesRuns.golden("slo-load-control", SloLoadControlExperiment.PROTECTION_FILE));
        assertThat(PublishedSloOracle.burst(5000, 23))
                .isEqualTo(SeriesRuns.golden("slo-load-control", SloLoadControlExperiment.BURST_FILE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"201ms", "450ms", "1s", "2345ms", "4s", "7s", "15s"})
    void otherWindowsGiveWhatThePublishedRulesGive(String duration) throws IOException {
        Path out = tmp.resolve(duration);
        SeriesRuns.run(new SloLoadControlExperiment(), out, "--duration", duration);
        long ms = Durations.parsePositive("--duration", duration).toMillis();
        assertThat(SeriesRuns.csv(out, SloLoadControlExperiment.PROTECTION_FILE))
                .isEqualTo(PublishedSloOracle.protection(ms, 23));
        assertThat(SeriesRuns.csv(out, SloLoadControlExperiment.BURST_FILE)).isEqualTo(PublishedSloOracle.burst(ms, 23));
    }

    @Test
    void anotherSeedDrawsAnotherClassMixAsThePublishedRulesWould() throws IOException {
        Path out = tmp.resolve("seed");
        String text = SeriesRuns.run(new SloLoadControlExperiment(), out, "--seed", "42");
        assertThat(SeriesRuns.csv(out, SloLoadControlExperiment.PROTECTION_FILE))
                .isEqualTo(PublishedSloOracle.protection(5000, 42))
                .isNotEqualTo(SeriesRuns.golden("slo-load-control", SloLoadControlExperiment.PROTECTION_FILE));
        assertThat(text).contains("With seed 42 and constant arrivals");
    }

    @Test
    void aWindowNoLongerThanTheDeadlineIsAUsageError() {
        assertThatThrownBy(() -> SeriesRuns.run(new SloLoadControlExperiment(), tmp.resolve("x"), "--duration", "200ms"))
                .isInstanceOf(LabUsageException.class)
                .hasMessageContaining("--duration").hasMessageContaining("200 ms deadline").hasMessageContaining("200ms");
    }
}
