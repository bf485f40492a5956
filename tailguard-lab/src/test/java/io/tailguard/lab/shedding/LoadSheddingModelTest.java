package io.tailguard.lab.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.Durations;
import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The experiment against the specification's rules for other windows, and its knobs. */
class LoadSheddingModelTest {

    @TempDir
    Path tmp;

    @Test
    void oracleReproducesTheGoldenFiles() throws IOException {
        assertThat(PublishedSheddingOracle.sweep(5000))
                .isEqualTo(SeriesRuns.golden("load-shedding", LoadSheddingExperiment.SWEEP_FILE));
        assertThat(PublishedSheddingOracle.hangover(5000))
                .isEqualTo(SeriesRuns.golden("load-shedding", LoadSheddingExperiment.HANGOVER_FILE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1ms", "99ms", "1s", "2345ms", "4s", "7s", "15s"})
    void otherWindowsGiveWhatThePublishedRulesGive(String duration) throws IOException {
        Path out = tmp.resolve(duration);
        SeriesRuns.run(new LoadSheddingExperiment(), out, "--duration", duration);
        long ms = Durations.parsePositive("--duration", duration).toMillis();
        assertThat(SeriesRuns.csv(out, LoadSheddingExperiment.SWEEP_FILE)).isEqualTo(PublishedSheddingOracle.sweep(ms));
        assertThat(SeriesRuns.csv(out, LoadSheddingExperiment.HANGOVER_FILE))
                .isEqualTo(PublishedSheddingOracle.hangover(ms));
    }

    @Test
    void expireNeverServesLateUnderPoissonArrivalsEither() throws IOException {
        Path out = tmp.resolve("poisson");
        String text = SeriesRuns.run(new LoadSheddingExperiment(), out, "--arrivals", "poisson", "--seed", "4");
        SeriesRuns.csv(out, LoadSheddingExperiment.SWEEP_FILE).lines().filter(l -> l.startsWith("expire,"))
                .forEach(l -> assertThat(l.split(",")[4]).as(l).isEqualTo("0.0"));
        assertThat(text).contains("(poisson arrivals)");
    }
}
