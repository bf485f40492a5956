package io.tailguard.lab.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published admission-control CSVs, byte for byte, through the path the CLI takes. */
class AdmissionControlGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = tmp.resolve("admission-control");
        SeriesRuns.run(new AdmissionControlExperiment(), out);
        assertThat(SeriesRuns.csv(out, AdmissionControlExperiment.SWEEP_FILE))
                .isEqualTo(SeriesRuns.golden("admission-control", AdmissionControlExperiment.SWEEP_FILE));
        assertThat(SeriesRuns.csv(out, AdmissionControlExperiment.PLATEAU_FILE))
                .isEqualTo(SeriesRuns.golden("admission-control", AdmissionControlExperiment.PLATEAU_FILE));
    }
}
