package io.tailguard.lab.breaker;

import io.tailguard.lab.SeedsCsv;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --seeds} on an experiment of the failure-propagation series, through the CLI's path. */
class BreakerSeedsTest {

    @TempDir
    Path out;

    @Test
    void threeSeedsAverageEveryNumberOfTheHardDownComparison() throws IOException {
        GoldenRuns.runGolden(new BreakerExperiment(), out, "--arrivals", "poisson", "--seeds", "3");
        SeedsCsv.assertAverages(out.resolve("circuit-breaker-seeds.csv"),
                out.resolve("circuit-breaker-breaker-sweep.csv"), 3, 42);
    }
}
