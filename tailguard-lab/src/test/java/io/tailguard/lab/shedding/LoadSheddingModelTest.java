package io.tailguard.lab.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.PublishedRulesContract;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The experiment against the specification's rules for other windows, and its knobs. */
class LoadSheddingModelTest extends PublishedRulesContract {

    LoadSheddingModelTest() {
        super(new LoadSheddingExperiment(), Map.of(
                LoadSheddingExperiment.SWEEP_FILE, PublishedSheddingOracle::sweep,
                LoadSheddingExperiment.HANGOVER_FILE, PublishedSheddingOracle::hangover),
                "1ms", "99ms", "1s", "2345ms", "4s", "7s", "15s");
    }

    @Test
    void expireNeverServesLateUnderPoissonArrivalsEither() throws IOException {
        Path out = tmp.resolve("poisson");
        String text = GoldenRuns.runGolden(new LoadSheddingExperiment(), out, "--arrivals", "poisson", "--seed", "4");
        GoldenRuns.csv(out, LoadSheddingExperiment.SWEEP_FILE).lines().filter(l -> l.startsWith("expire,"))
                .forEach(l -> assertThat(l.split(",")[4]).as(l).isEqualTo("0.0"));
        assertThat(text).contains("(poisson arrivals)");
    }
}
