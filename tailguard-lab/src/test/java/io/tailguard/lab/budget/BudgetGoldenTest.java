package io.tailguard.lab.budget;

import static io.tailguard.lab.failure.GoldenRun.golden;
import static io.tailguard.lab.failure.GoldenRun.produced;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.failure.GoldenRun;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published golden files, compared byte for byte, through the same path the CLI takes. */
class BudgetGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = GoldenRun.run(new BudgetExperiment(), tmp.resolve("tb"));
        for (String file : new String[] {"timeout-budgets-deadline-sweep.csv", "timeout-budgets-policy-table.csv"}) {
            assertThat(new String(produced(out, file))).as(file).isEqualTo(new String(golden("timeout-budgets", file)));
        }
    }
}
