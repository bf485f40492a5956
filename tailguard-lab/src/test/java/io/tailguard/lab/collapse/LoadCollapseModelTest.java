package io.tailguard.lab.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.PublishedRulesContract;
import io.tailguard.lab.playground.SeriesRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment against the specification's rules for windows the golden files do not cover, and its knobs. */
class LoadCollapseModelTest extends PublishedRulesContract {

    @TempDir
    Path tmp;

    LoadCollapseModelTest() {
        super(new LoadCollapseExperiment(), Map.of(
                LoadCollapseExperiment.SWEEP_FILE, PublishedCollapseOracle::csv),
                "1ms", "1s", "1234ms", "3s", "7s", "12s");
    }

    @Test
    void poissonArrivalsQueueBelowCapacityAndDependOnTheSeed() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path c = tmp.resolve("c");
        String text = SeriesRuns.run(new LoadCollapseExperiment(), a, "--arrivals", "poisson", "--seed", "1");
        SeriesRuns.run(new LoadCollapseExperiment(), b, "--arrivals", "poisson", "--seed", "1");
        SeriesRuns.run(new LoadCollapseExperiment(), c, "--arrivals", "poisson", "--seed", "2");
        String sweep = SeriesRuns.csv(a, LoadCollapseExperiment.SWEEP_FILE);
        assertThat(sweep).isEqualTo(SeriesRuns.csv(b, LoadCollapseExperiment.SWEEP_FILE))
                .isNotEqualTo(SeriesRuns.csv(c, LoadCollapseExperiment.SWEEP_FILE));
        // evenly spaced 90 rps never queues (p99 10 ms); Poisson 90 rps does
        String row90 = sweep.lines().filter(l -> l.startsWith("no-retry,90,")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(row90.split(",")[7])).isGreaterThan(10.0);
        assertThat(text).contains("but requests queue: p99");
    }
}
