package io.tailguard.lab.coordinatedomission;

import io.tailguard.sim.service.PauseService;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 4 rules at other arguments; {@code GoldenFilesTest} pins its golden CSVs. */
class CoordinatedOmissionGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void thePauseModelFollowsThePublishedArithmetic() {
        PauseService s = new PauseService(10, 100, 150);
        assertThat(s.latencyMs(100)).isEqualTo(60);
        assertThat(s.latencyMs(125)).isEqualTo(35);
        assertThat(s.latencyMs(149)).isEqualTo(11);
        assertThat(s.latencyMs(150)).isEqualTo(10);
        // a 1 s run stalls from 500 ms for a quarter of it; a 10 s run for the 500 ms cap
        assertThat(PauseService.published(1000)).isEqualTo(new PauseService(10, 500, 750));
        assertThat(PauseService.published(10_000)).isEqualTo(new PauseService(10, 5000, 5500));
    }

    @Test
    void openLoopOnlyWritesNoClosedLoopFilesAndAFractionalIntervalKeepsItsThroughput() throws IOException {
        // 1500 ms intervals over 3 s: two intervals, elapsed_s 1 and 3 (integer division), 1.5 s each
        GoldenRuns.run(new CoordinatedOmissionExperiment(), tmp, "--duration", "3s", "--snapshot-interval",
                "1500ms", "--concurrency", "3", "--measurement-mode", "open-loop");
        assertThat(tmp.resolve("coordinated-omission-closed-loop-raw.csv")).doesNotExist();
        List<String> open = Files.readAllLines(tmp.resolve("coordinated-omission-open-loop.csv"));
        // 30 rps -> every 33 ms: 46 arrivals in [0, 1500), 45 in [1500, 3000)
        assertThat(open.get(1)).startsWith("1000,1,").endsWith(",30.7,0,46");
        assertThat(open.get(2)).startsWith("3000,3,").endsWith(",30.0,0,91");
        assertThat(Files.readAllLines(tmp.resolve("coordinated-omission-summary.csv")))
                // stall 1500-2000 ms; the first arrival in it (1518) waits 482 + 10 ms, and with 91 samples
                // the p99 rank is the 91st, the largest
                .containsExactly("series,total_requests,whole_run_p99_ms", "open-loop,91,492.0");
    }

    @Test
    void poissonOpenLoopDiffersFromTheEvenlySpacedCorrection() throws IOException {
        String terminal = GoldenRuns.run(new CoordinatedOmissionExperiment(), tmp, "--arrivals", "poisson",
                "--duration", "20s");
        List<String> summary = Files.readAllLines(tmp.resolve("coordinated-omission-summary.csv"));
        assertThat(summary).hasSize(4);
        assertThat(summary.get(3)).startsWith("open-loop,");
        assertThat(terminal).contains("Open-loop poisson arrivals saw p99");
    }
}
