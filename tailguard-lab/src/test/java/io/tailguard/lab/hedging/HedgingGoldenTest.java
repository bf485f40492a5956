package io.tailguard.lab.hedging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the experiment's output, through the same path the CLI takes, with a small request count
 * so that it runs in a second: any change to the hedger, the model or the rows shows up here.
 */
class HedgingGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void smallRunReproducesTheGoldenCsvsByteForByte() throws IOException {
        String terminal = GoldenRuns.run(new HedgingExperiment(), tmp, "--requests", "5000", "--seed", "4");
        GoldenRuns.assertGolden("hedging", tmp, "hedging-summary.csv", "hedging-outcomes.csv");
        assertThat(tmp.resolve("hedging-percentiles-seed.png")).isNotEmptyFile();
        assertThat(tmp.resolve("hedging-percentiles-saturated.png")).isNotEmptyFile();
        assertThat(terminal)
                .contains("scenario   policy       attempts  delay  budget_pct  requests  hedged_pct")
                .contains("Hedging after 25 ms cuts p99").contains("A third attempt");
    }
}
