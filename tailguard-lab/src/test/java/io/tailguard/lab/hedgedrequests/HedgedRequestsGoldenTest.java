package io.tailguard.lab.hedgedrequests;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 3 rules at other arguments; {@code GoldenFilesTest} pins its golden CSVs. */
class HedgedRequestsGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void withTheGoldenArgumentsTheBaselineIsTheTailLatencyBaseline() throws IOException {
        GoldenRuns.run(new HedgedRequestsExperiment(), tmp, "--deterministic", "true", "--duration", "5s",
                "--concurrency", "10", "--snapshot-interval", "1s", "--hedge-threshold", "p95");
        // as published: the same arguments give the same first-attempt stream
        assertThat(Files.readAllBytes(tmp.resolve("hedged-requests-baseline.csv")))
                .isEqualTo(GoldenRuns.golden("tail-latency", "tail-latency-baseline.csv"));
    }

    @Test
    void aTrailingPartialIntervalIsNotReportedButItsLatenciesSetTheThreshold() throws IOException {
        GoldenRuns.run(new HedgedRequestsExperiment(), tmp, "--duration", "5s", "--snapshot-interval", "2s",
                "--concurrency", "1", "--hedge-threshold", "p90");
        assertThat(Files.readAllLines(tmp.resolve("hedged-requests-hedged-p90.csv"))).hasSize(3);
        List<String> cost = Files.readAllLines(tmp.resolve("hedged-requests-cost-table.csv"));
        assertThat(cost).hasSize(4);
        // 4 of 5 seconds reported: 400 requests
        assertThat(cost.get(1).split(",")[7]).isEqualTo("400");
    }

    @Test
    void rollingDelayIsLearnedByTheCoreHedger() throws IOException {
        String terminal = GoldenRuns.run(new HedgedRequestsExperiment(), tmp, "--hedge-delay", "rolling");
        assertThat(terminal).contains("Delays learned online by the core hedger from the last 1000 calls");
        List<String> cost = Files.readAllLines(tmp.resolve("hedged-requests-cost-table.csv"));
        // the rolling p95 settles near the in-sample 29 ms
        assertThat(Long.parseLong(cost.get(2).split(",")[1])).isBetween(25L, 35L);
    }
}
