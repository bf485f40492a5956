package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published golden files, compared byte for byte, through the same path the CLI takes. */
class BackpressureGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceBothPublishedCsvsByteForByte() throws IOException {
        Path out = tmp.resolve("backpressure");
        StringWriter terminal = new StringWriter();
        new LabRunner(new PrintWriter(terminal, true), Progress.silent()).run(new BackpressureExperiment(),
                Map.of("--deterministic", "true", "--duration", "5s", "--concurrency", "10",
                        "--snapshot-interval", "1s", "--backpressure-strategy", "all"),
                out.toString(), List.of("lab", "backpressure"));

        assertThat(Files.readAllBytes(out.resolve("backpressure-summary.csv")))
                .isEqualTo(golden("backpressure-summary.csv"));
        assertThat(Files.readAllBytes(out.resolve("backpressure-snapshots.csv")))
                .isEqualTo(golden("backpressure-snapshots.csv"));
        assertThat(Files.size(out.resolve("report.html"))).isLessThan(250 * 1024);
        assertThat(Files.readString(out.resolve("report.html"))).contains("bounded-queue: 549 (-50) at p99 500 ms, worse on both.")
                .contains("data:image/png;base64,").doesNotContain("<script");
        assertThat(terminal.toString()).contains(
                "overload   strategy                   incoming_requests  accepted_requests  rejected_requests  "
                        + "acceptance_pct  p50_ms  p99_ms  max_buffered\n"
                        + "sustained  token-bucket               1000               599                401      ");
    }

    @Test
    void singleStrategyRunPrintsOnlyItsRowsWithTheSameNumbers() throws IOException {
        Path out = tmp.resolve("one");
        new LabRunner(new PrintWriter(new StringWriter()), Progress.silent()).run(new BackpressureExperiment(),
                Map.of("--backpressure-strategy", "Leaky-Bucket"), out.toString(), List.of());
        assertThat(Files.readString(out.resolve("backpressure-summary.csv"))).isEqualTo(
                "strategy,incoming_requests,accepted_requests,rejected_requests,acceptance_pct,p50_ms,p99_ms,max_buffered\n"
                        + "leaky-bucket,1000,524,476,52.4,250.0,250.0,25\n");
        assertThat(Files.readString(out.resolve("backpressure-snapshots.csv")))
                .isEqualTo(new String(golden("backpressure-snapshots.csv")).lines()
                        .filter(l -> l.startsWith("strategy,") || l.startsWith("leaky-bucket,"))
                        .map(l -> l + "\n").reduce("", String::concat));
    }

    static byte[] golden(String file) throws IOException {
        return PublishedModelTest.golden(file).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
