package io.tailguard.lab.breaker;

import static io.tailguard.lab.failure.GoldenRun.golden;
import static io.tailguard.lab.failure.GoldenRun.produced;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.failure.GoldenRun;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published golden files, compared byte for byte, through the same path the CLI takes. */
class BreakerGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = GoldenRun.run(new BreakerExperiment(), tmp.resolve("cb"));
        for (String file : new String[] {"circuit-breaker-breaker-sweep.csv", "circuit-breaker-blast-radius.csv"}) {
            assertThat(new String(produced(out, file))).as(file).isEqualTo(new String(golden("circuit-breaker", file)));
        }
    }
}
