package io.tailguard.lab.shaping;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published token-versus-leaky CSVs, byte for byte, through the path the CLI takes. */
class TokenVsLeakyGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = tmp.resolve("token-vs-leaky");
        SeriesRuns.run(new TokenVsLeakyExperiment(), out);
        assertThat(SeriesRuns.csv(out, TokenVsLeakyExperiment.SWEEP_FILE))
                .isEqualTo(SeriesRuns.golden("token-vs-leaky", TokenVsLeakyExperiment.SWEEP_FILE));
        assertThat(SeriesRuns.csv(out, TokenVsLeakyExperiment.SHAPING_FILE))
                .isEqualTo(SeriesRuns.golden("token-vs-leaky", TokenVsLeakyExperiment.SHAPING_FILE));
    }
}
