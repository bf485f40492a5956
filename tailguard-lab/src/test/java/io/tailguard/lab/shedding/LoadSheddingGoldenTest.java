package io.tailguard.lab.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published load-shedding CSVs, byte for byte, through the path the CLI takes. */
class LoadSheddingGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = tmp.resolve("load-shedding");
        SeriesRuns.run(new LoadSheddingExperiment(), out);
        assertThat(SeriesRuns.csv(out, LoadSheddingExperiment.SWEEP_FILE))
                .isEqualTo(SeriesRuns.golden("load-shedding", LoadSheddingExperiment.SWEEP_FILE));
        assertThat(SeriesRuns.csv(out, LoadSheddingExperiment.HANGOVER_FILE))
                .isEqualTo(SeriesRuns.golden("load-shedding", LoadSheddingExperiment.HANGOVER_FILE));
    }
}
