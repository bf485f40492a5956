package io.tailguard.lab.hedging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        Path out = tmp.resolve("hedging");
        StringWriter terminal = new StringWriter();
        new LabRunner(new PrintWriter(terminal, true), Progress.silent()).run(new HedgingExperiment(),
                Map.of("--requests", "5000", "--seed", "4"), out.toString(), List.of("lab", "hedging"));

        assertThat(Files.readAllBytes(out.resolve("hedging-summary.csv")))
                .isEqualTo(golden("hedging-summary.csv"));
        assertThat(Files.readAllBytes(out.resolve("hedging-outcomes.csv")))
                .isEqualTo(golden("hedging-outcomes.csv"));
        assertThat(out.resolve("hedging-percentiles-seed.png")).isNotEmptyFile();
        assertThat(out.resolve("hedging-percentiles-saturated.png")).isNotEmptyFile();
        assertThat(terminal.toString())
                .contains("scenario   policy       attempts  delay  budget_pct  requests  hedged_pct")
                .contains("Hedging after 25 ms cuts p99").contains("A third attempt");
    }

    private static byte[] golden(String file) throws IOException {
        try (InputStream in = HedgingGoldenTest.class.getResourceAsStream("/golden/hedging/" + file)) {
            assertThat(in).as("golden file " + file).isNotNull();
            return in.readAllBytes();
        }
    }
}
