package io.tailguard.lab.cascade;

import static io.tailguard.lab.failure.GoldenRun.golden;
import static io.tailguard.lab.failure.GoldenRun.produced;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.failure.GoldenRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published golden files, compared byte for byte, through the same path the CLI takes. */
class CascadeGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = GoldenRun.run(new CascadeExperiment(), tmp.resolve("cascade"));
        for (String file : new String[] {"cascading-failures-cascade-sweep.csv",
            "cascading-failures-cascade-timeline.csv"}) {
            assertThat(new String(produced(out, file))).as(file).isEqualTo(new String(golden("cascading-failures", file)));
        }
        assertThat(Files.size(out.resolve("report.html"))).isLessThan(250 * 1024);
    }
}
