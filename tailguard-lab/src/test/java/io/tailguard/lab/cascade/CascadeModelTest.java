package io.tailguard.lab.cascade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.GoldenRuns;
import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.OwnWork;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CascadeModelTest {

    @TempDir
    Path tmp;

    @Test
    void aSlowDatabaseFailsTheRouteThatNeverCallsIt() {
        CascadeRun run = CascadeRun.run(OwnWork.constant(500), 5_000, ArrivalPattern.CONSTANT, 42, false);
        assertThat(run.successPct()[1]).isLessThan(30.0);
    }

    @Test
    void isolatedFrontendsKeepRouteBWhole() {
        CascadeRun run = CascadeRun.run(OwnWork.constant(500), 5_000, ArrivalPattern.CONSTANT, 42, true);
        assertThat(run.successPct()[1]).isEqualTo(100.0);
    }

    @Test
    void theBacklogSitsAtTheFrontendNotAtTheDatabase() {
        CascadeRun run = CascadeRun.run(OwnWork.degradedAfter(2000.0, 10, 500), 5_000, ArrivalPattern.CONSTANT, 42, false);
        int frontend = 0;
        int database = 0;
        for (int[] q : run.queueSamples()) {
            frontend = Math.max(frontend, q[0]);
            database = Math.max(database, q[3]);
        }
        assertThat(frontend).isGreaterThanOrEqualTo(50);
        assertThat(database).isLessThanOrEqualTo(1);
    }

    @Test
    void otherDurationsScoreOneWindowPerHundredMillisecondsBeforeTheDeadline() throws IOException {
        Path out = tmp.resolve("d");
        GoldenRuns.runGolden(new CascadeExperiment(), out, "--duration", "2350ms");
        assertThat(Files.readAllLines(out.resolve("cascading-failures-cascade-timeline.csv"))).hasSize(1 + 13);
        assertThat(Files.readAllLines(out.resolve("cascading-failures-cascade-sweep.csv"))).hasSize(1 + 18);
    }

    @Test
    void aRunNoLongerThanTheDeadlineIsAUsageError() {
        assertThatThrownBy(() -> GoldenRuns.runGolden(new CascadeExperiment(), tmp.resolve("e"), "--duration", "1s"))
                .isInstanceOf(LabUsageException.class)
                .hasMessage("--duration must be more than the 1000 ms deadline but was '1s'");
    }

    @Test
    void poissonArrivalsAreSeeded() {
        CascadeRun a = CascadeRun.run(OwnWork.constant(300), 5_000, ArrivalPattern.POISSON, 7, false);
        CascadeRun b = CascadeRun.run(OwnWork.constant(300), 5_000, ArrivalPattern.POISSON, 7, false);
        CascadeRun c = CascadeRun.run(OwnWork.constant(300), 5_000, ArrivalPattern.POISSON, 8, false);
        assertThat(a.successPct()).isEqualTo(b.successPct());
        assertThat(a.successPct()).isNotEqualTo(c.successPct());
    }
}
