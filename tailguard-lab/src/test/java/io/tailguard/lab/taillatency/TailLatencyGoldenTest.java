package io.tailguard.lab.taillatency;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 1 rules at other arguments; {@code GoldenFilesTest} pins its golden CSVs. */
class TailLatencyGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void goldenArgumentsFindTheFanOutMultipliesTheLastP99By17Point6() {
        String terminal = GoldenRuns.run(new TailLatencyExperiment(), tmp, "--deterministic", "true",
                "--duration", "5s", "--concurrency", "10", "--snapshot-interval", "1s");
        assertThat(terminal).contains("A fan-out of 5 multiplies the last interval's p99 by 17.6 (34 to 597 ms)");
    }

    @Test
    void otherArgumentsFollowThePublishedRules() throws IOException {
        // 2500 ms is 2 whole seconds; an interval of 2 s over 3 s drops the partial last interval
        GoldenRuns.run(new TailLatencyExperiment(), tmp.resolve("a"), "--duration", "3s", "--concurrency", "3",
                "--snapshot-interval", "2s");
        List<String> rows = Files.readAllLines(tmp.resolve("a/tail-latency-baseline.csv"));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1)).startsWith("2000,2,").endsWith(",300.0,0,600");

        GoldenRuns.run(new TailLatencyExperiment(), tmp.resolve("b"), "--duration", "2500ms", "--concurrency", "1",
                "--snapshot-interval", "5s");
        List<String> b = Files.readAllLines(tmp.resolve("b/tail-latency-tail-amplification.csv"));
        // the interval is capped at the whole-second duration: one row of 2 s × 100 requests
        assertThat(b).hasSize(2);
        assertThat(b.get(1)).startsWith("2000,2,").endsWith(",100.0,0,200");
    }

    @Test
    void theSameStreamFeedsBothScenariosSoTheGoldenBaselineIsThePrefixOfAnyLongerRun() throws IOException {
        GoldenRuns.run(new TailLatencyExperiment(), tmp, "--duration", "7s");
        List<String> seven = Files.readAllLines(tmp.resolve("tail-latency-baseline.csv"));
        List<String> golden = new String(GoldenRuns.golden("tail-latency", "tail-latency-baseline.csv")).lines().toList();
        assertThat(seven.subList(0, golden.size())).isEqualTo(golden);
        assertThat(seven).hasSize(8);
    }
}
