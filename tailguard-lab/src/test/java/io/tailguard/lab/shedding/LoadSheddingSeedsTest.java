package io.tailguard.lab.shedding;

import io.tailguard.lab.SeedsCsv;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --seeds} on an experiment of the backpressure series, through the CLI's path. */
class LoadSheddingSeedsTest {

    @TempDir
    Path out;

    @Test
    void threeSeedsAverageEveryNumberOfTheShedSweep() throws IOException {
        GoldenRuns.runGolden(new LoadSheddingExperiment(), out, "--arrivals", "poisson", "--seed", "9", "--seeds", "3");
        SeedsCsv.assertAverages(out.resolve("load-shedding-seeds.csv"),
                out.resolve(LoadSheddingExperiment.SWEEP_FILE), 3, 9);
    }
}
