package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden run's report and terminal, and a single strategy's rows, through the same path the
 * CLI takes; {@code GoldenFilesTest} pins the golden CSVs.
 */
class BackpressureGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsPrintTheOverloadTableAndReportEveryStrategy() throws IOException {
        String terminal = GoldenRuns.run(new BackpressureExperiment(), tmp, "--deterministic", "true",
                "--duration", "5s", "--concurrency", "10", "--snapshot-interval", "1s", "--backpressure-strategy", "all");
        assertThat(Files.readString(tmp.resolve("report.html"))).contains("bounded-queue: 549 (-50) at p99 500 ms, worse on both.")
                .contains("data:image/png;base64,").doesNotContain("<script");
        assertThat(terminal).contains(
                "overload   strategy                   incoming_requests  accepted_requests  rejected_requests  "
                        + "acceptance_pct  p50_ms  p99_ms  max_buffered\n"
                        + "sustained  token-bucket               1000               599                401      ");
    }

    @Test
    void singleStrategyRunPrintsOnlyItsRowsWithTheSameNumbers() throws IOException {
        GoldenRuns.run(new BackpressureExperiment(), tmp, "--backpressure-strategy", "Leaky-Bucket");
        assertThat(GoldenRuns.csv(tmp, "backpressure-summary.csv")).isEqualTo(
                "strategy,incoming_requests,accepted_requests,rejected_requests,acceptance_pct,p50_ms,p99_ms,max_buffered\n"
                        + "leaky-bucket,1000,524,476,52.4,250.0,250.0,25\n");
        assertThat(GoldenRuns.csv(tmp, "backpressure-snapshots.csv"))
                .isEqualTo(GoldenRuns.goldenText("backpressure", "backpressure-snapshots.csv").lines()
                        .filter(l -> l.startsWith("strategy,") || l.startsWith("leaky-bucket,"))
                        .map(l -> l + "\n").reduce("", String::concat));
    }
}
