package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Checks the test oracle itself against the published golden files. */
class PublishedModelTest {

    @Test
    void oracleReproducesThePublishedGoldenFiles() throws IOException {
        String[] csv = PublishedModel.run(5000, 10, PublishedModel.STRATEGIES);
        assertThat(csv[0]).isEqualTo(GoldenRuns.goldenText("backpressure", "backpressure-summary.csv"));
        assertThat(csv[1]).isEqualTo(GoldenRuns.goldenText("backpressure", "backpressure-snapshots.csv"));
    }
}
