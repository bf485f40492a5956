package io.tailguard.lab.isolation;

import static io.tailguard.lab.failure.GoldenRun.golden;
import static io.tailguard.lab.failure.GoldenRun.produced;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.failure.GoldenRun;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published golden files, compared byte for byte, through the same path the CLI takes. */
class IsolationGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = GoldenRun.run(new IsolationExperiment(), tmp.resolve("fi"));
        for (String file : new String[] {"failure-isolation-policy-table.csv", "failure-isolation-bulkhead-sizing.csv"}) {
            assertThat(new String(produced(out, file))).as(file).isEqualTo(new String(golden("failure-isolation", file)));
        }
    }
}
