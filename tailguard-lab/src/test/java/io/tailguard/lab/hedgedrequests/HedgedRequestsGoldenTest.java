package io.tailguard.lab.hedgedrequests;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.hedge.HedgeDelay;
import io.tailguard.lab.latencyseries.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 3 golden files, byte for byte, and the hedge decisions of the core hedger. */
class HedgedRequestsGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsReproduceAllThreePublishedCsvs() throws IOException {
        GoldenRuns.run(new HedgedRequestsExperiment(), tmp, "--deterministic", "true", "--duration", "5s",
                "--concurrency", "10", "--snapshot-interval", "1s", "--hedge-threshold", "p95");
        GoldenRuns.assertGolden("hedged-requests", tmp, "hedged-requests-baseline.csv",
                "hedged-requests-hedged-p95.csv", "hedged-requests-cost-table.csv");
        // with the same arguments the baseline is the tail-latency baseline, as published
        assertThat(Files.readAllBytes(tmp.resolve("hedged-requests-baseline.csv")))
                .isEqualTo(GoldenRuns.golden("tail-latency", "tail-latency-baseline.csv"));
    }

    @Test
    void theCoreHedgerDecidesAsPublished() {
        // primary 500, secondary 20, delay 30: the hedge wins at 50, the primary ran 50 ms for nothing
        HedgedRun slow = HedgedRun.run(new long[] {500}, new long[] {20}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(slow.latencyMs[0]).isEqualTo(50);
        assertThat(slow.attempts[0]).isEqualTo(2);
        assertThat(slow.waste.workMs[0]).isEqualTo(50);
        // primary 40, secondary 100, delay 30: the primary wins at 40, the hedge ran 10 ms
        HedgedRun fast = HedgedRun.run(new long[] {40}, new long[] {100}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(fast.latencyMs[0]).isEqualTo(40);
        assertThat(fast.waste.workMs[0]).isEqualTo(10);
        // a primary that answers exactly at the delay is not hedged (completion before the timer)
        HedgedRun tie = HedgedRun.run(new long[] {30}, new long[] {1}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(tie.attempts[0]).isEqualTo(1);
        // both answering at once: the primary wins, the hedge is a wasted completion
        HedgedRun both = HedgedRun.run(new long[] {50}, new long[] {20}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(both.latencyMs[0]).isEqualTo(50);
        assertThat(both.waste.tied[0]).isTrue();
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
