package io.tailguard.lab.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.PublishedRulesContract;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The experiment against the specification's rules for windows the golden files do not cover, and its knobs. */
class LoadCollapseModelTest extends PublishedRulesContract {

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
        String text = GoldenRuns.runGolden(new LoadCollapseExperiment(), a, "--arrivals", "poisson", "--seed", "1");
        GoldenRuns.runGolden(new LoadCollapseExperiment(), b, "--arrivals", "poisson", "--seed", "1");
        GoldenRuns.runGolden(new LoadCollapseExperiment(), c, "--arrivals", "poisson", "--seed", "2");
        String sweep = GoldenRuns.csv(a, LoadCollapseExperiment.SWEEP_FILE);
        assertThat(sweep).isEqualTo(GoldenRuns.csv(b, LoadCollapseExperiment.SWEEP_FILE))
                .isNotEqualTo(GoldenRuns.csv(c, LoadCollapseExperiment.SWEEP_FILE));
        // evenly spaced 90 rps never queues (p99 10 ms); Poisson 90 rps does
        String row90 = sweep.lines().filter(l -> l.startsWith("no-retry,90,")).findFirst().orElseThrow();
        assertThat(Double.parseDouble(row90.split(",")[7])).isGreaterThan(10.0);
        assertThat(text).contains("but requests queue: p99");
    }
}
