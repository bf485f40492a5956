package io.tailguard.lab.slocontrol;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published SLO load-control CSVs, byte for byte, through the path the CLI takes. */
class SloLoadControlGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = tmp.resolve("slo-load-control");
        SeriesRuns.run(new SloLoadControlExperiment(), out);
        assertThat(SeriesRuns.csv(out, SloLoadControlExperiment.PROTECTION_FILE))
                .isEqualTo(SeriesRuns.golden("slo-load-control", SloLoadControlExperiment.PROTECTION_FILE));
        assertThat(SeriesRuns.csv(out, SloLoadControlExperiment.BURST_FILE))
                .isEqualTo(SeriesRuns.golden("slo-load-control", SloLoadControlExperiment.BURST_FILE));
    }
}
