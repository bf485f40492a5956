package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Checks the test oracle itself against the published golden files. */
class PublishedModelTest {

    @Test
    void oracleReproducesThePublishedGoldenFiles() throws IOException {
        String[] csv = PublishedModel.run(5000, 10, PublishedModel.STRATEGIES);
        assertThat(csv[0]).isEqualTo(golden("backpressure-summary.csv"));
        assertThat(csv[1]).isEqualTo(golden("backpressure-snapshots.csv"));
    }

    static String golden(String file) throws IOException {
        try (InputStream in = PublishedModelTest.class.getResourceAsStream("/golden/backpressure/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
