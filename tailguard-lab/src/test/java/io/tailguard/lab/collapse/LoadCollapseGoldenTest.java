package io.tailguard.lab.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published collapse sweep, byte for byte, through the path the CLI takes. */
class LoadCollapseGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceThePublishedSweepByteForByte() throws IOException {
        Path out = tmp.resolve("load-collapse");
        SeriesRuns.run(new LoadCollapseExperiment(), out);
        assertThat(SeriesRuns.csv(out, LoadCollapseExperiment.SWEEP_FILE))
                .isEqualTo(SeriesRuns.golden("load-collapse", LoadCollapseExperiment.SWEEP_FILE));
        assertThat(Files.readString(out.resolve("manifest.json"))).contains(LoadCollapseExperiment.SWEEP_FILE);
        assertThat(Files.size(out.resolve("report.html"))).isLessThan(250 * 1024);
    }
}
