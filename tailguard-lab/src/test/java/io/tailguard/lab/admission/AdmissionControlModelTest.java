package io.tailguard.lab.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.Durations;
import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The experiment against the specification's rules for windows the golden files do not cover, and its knobs. */
class AdmissionControlModelTest {

    @TempDir
    Path tmp;

    @Test
    void oracleReproducesTheGoldenFiles() throws IOException {
        assertThat(PublishedAdmissionOracle.sweep(5000))
                .isEqualTo(SeriesRuns.golden("admission-control", AdmissionControlExperiment.SWEEP_FILE));
        assertThat(PublishedAdmissionOracle.plateau(5000))
                .isEqualTo(SeriesRuns.golden("admission-control", AdmissionControlExperiment.PLATEAU_FILE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1ms", "250ms", "1s", "2345ms", "4s", "9s", "30s"})
    void otherWindowsGiveWhatThePublishedRulesGive(String duration) throws IOException {
        Path out = tmp.resolve(duration);
        SeriesRuns.run(new AdmissionControlExperiment(), out, "--duration", duration);
        long ms = Durations.parsePositive("--duration", duration).toMillis();
        assertThat(SeriesRuns.csv(out, AdmissionControlExperiment.SWEEP_FILE)).isEqualTo(PublishedAdmissionOracle.sweep(ms));
        assertThat(SeriesRuns.csv(out, AdmissionControlExperiment.PLATEAU_FILE))
                .isEqualTo(PublishedAdmissionOracle.plateau(ms));
    }

    @Test
    void poissonArrivalsAreSeededAndTheFindingsSayWhereTheSweetSpotIs() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        String text = SeriesRuns.run(new AdmissionControlExperiment(), a, "--arrivals", "poisson", "--seed", "5");
        SeriesRuns.run(new AdmissionControlExperiment(), b, "--arrivals", "poisson", "--seed", "5");
        assertThat(SeriesRuns.csv(a, AdmissionControlExperiment.SWEEP_FILE))
                .isEqualTo(SeriesRuns.csv(b, AdmissionControlExperiment.SWEEP_FILE))
                .isNotEqualTo(SeriesRuns.golden("admission-control", AdmissionControlExperiment.SWEEP_FILE));
        assertThat(text).contains("Under bursts (").contains("poisson arrivals) the best limit is");
    }
}
