package io.tailguard.lab.slopolicy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The published lab's post 6 rules at other arguments; {@code GoldenFilesTest} pins its golden CSVs. */
class SloPolicyGoldenTest {

    @TempDir
    Path tmp;

    @Test
    void durationIsCappedAtTheFiveScriptedSecondsAndTruncatedToWholeSeconds() throws IOException {
        GoldenRuns.run(new SloPolicyExperiment(), tmp.resolve("a"), "--duration", "9s", "--concurrency", "1");
        assertThat(Files.readAllLines(tmp.resolve("a/slo-policy-slo-windows.csv"))).hasSize(1 + 4 * 5);
        GoldenRuns.run(new SloPolicyExperiment(), tmp.resolve("b"), "--duration", "2999ms", "--concurrency", "1");
        List<String> b = Files.readAllLines(tmp.resolve("b/slo-policy-slo-summary.csv"));
        // 2 s of 100 requests; the bulkhead's failures start at 260 ms overload (second 3), so none yet
        assertThat(b.get(2)).isEqualTo("bulkhead,200,200,0,100.00,0.00,100.00,false");
    }

    @Test
    void theThresholdComesFromTheFlagButTimeoutBudgetStillCutsAt200() throws IOException {
        GoldenRuns.run(new SloPolicyExperiment(), tmp, "--slo-target", "P99 < 1000ms");
        List<String> rows = Files.readAllLines(tmp.resolve("slo-policy-slo-summary.csv"));
        assertThat(rows.get(1)).startsWith("baseline,5000,5000,0,100.00");
        assertThat(rows.get(3)).startsWith("timeout-budget,5000,2868,2132,57.36");
    }

    @Test
    void aMalformedTargetIsOneUsageLine() {
        assertThatThrownBy(() -> SloPolicyExperiment.threshold("p95<200ms")).isInstanceOf(LabUsageException.class)
                .hasMessage("--slo-target must be p99<D with D a duration of whole milliseconds, like p99<200ms or"
                        + " p99<0.2s but was 'p95<200ms'");
        assertThat(SloPolicyExperiment.threshold("slo:p99<150ms")).isEqualTo(150);
        assertThat(SloPolicyExperiment.threshold("p99<0.2s")).isEqualTo(200);
        assertThatThrownBy(() -> SloPolicyExperiment.threshold("p99<200")).hasMessageEndingWith("but was 'p99<200'");
        assertThatThrownBy(() -> SloPolicyExperiment.threshold("p99<1500us")).isInstanceOf(LabUsageException.class);
    }

    @Test
    void burnRateIsTheBadShareOverTheOnePercentBudget() {
        // 50 bad of 1000 at a 99 % objective burns the budget five times as fast as allowed
        assertThat((50.0 / 1000) / SloPolicyModel.BUDGET_RATIO).isEqualTo(5.0);
        assertThat(SloPolicyModel.remaining(5, 1000)).isEqualTo(50.0);
        assertThat(SloPolicyModel.remaining(50, 1000)).isEqualTo(0.0);
    }
}
