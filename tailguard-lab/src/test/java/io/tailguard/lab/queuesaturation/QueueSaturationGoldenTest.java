package io.tailguard.lab.queuesaturation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 2 rules at other arguments; {@code GoldenFilesTest} pins its golden CSVs. */
class QueueSaturationGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void aLongRunOverloadFillsTheLineOf200AndRejects() throws IOException {
        // 1.3 x capacity gains 30 waiting per second: the line of 200 fills after about 6.7 s
        GoldenRuns.run(new QueueSaturationExperiment(), tmp, "--duration", "10s");
        List<String> rows = Files.readAllLines(tmp.resolve("queue-saturation-saturation.csv"));
        String[] top = rows.get(rows.size() - 1).split(",");
        assertThat(top[0]).isEqualTo("1.30");
        assertThat(Long.parseLong(top[8])).isPositive();
        // every level at or below capacity reads the 10 ms floor with evenly spaced arrivals
        for (int i = 1; i <= 11; i++) {
            assertThat(rows.get(i).split(",")[4]).isEqualTo("10.0");
        }
    }

    @Test
    void poissonArrivalsQueueBelowFullLoad() throws IOException {
        GoldenRuns.run(new QueueSaturationExperiment(), tmp, "--duration", "20s", "--arrivals", "poisson");
        List<String> rows = Files.readAllLines(tmp.resolve("queue-saturation-saturation.csv"));
        // utilisation 0.90: an M/D/1 queue at 0.9 waits 45 ms on average, so p99 is far above 10
        assertThat(rows.get(9)).startsWith("0.90,");
        assertThat(Double.parseDouble(rows.get(9).split(",")[4])).isGreaterThan(50.0);
    }

    @Test
    void seedsAverageEveryLevelLabelledByItsUtilisation() throws IOException {
        GoldenRuns.run(new QueueSaturationExperiment(), tmp, "--duration", "5s", "--arrivals", "poisson",
                "--seeds", "3");
        List<String> seeds = Files.readAllLines(tmp.resolve("queue-saturation-seeds.csv"));
        // 17 levels x 11 figures (the utilisation names the row)
        assertThat(seeds).hasSize(1 + 17 * 11);
        assertThat(seeds.get(1)).startsWith("utilization 0.10,target_rps,3,42,10.000,10.000,10.000,0.000");
        assertThat(seeds).anyMatch(l -> l.startsWith("utilization 0.90,p99_ms,3,42,"));
    }
}
