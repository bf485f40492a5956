package io.tailguard.lab.adaptive;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Experiments;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdaptiveExperimentTest {

    @Test
    void quickRunWritesTheSummaryChartsAndFindings() {
        AdaptiveExperiment experiment = new AdaptiveExperiment();
        LabResult result = experiment.run(LabArgs.parse(experiment, Map.of("--scale", "0.05"), List.of()),
                Progress.silent());
        CsvTable summary = result.printedTables().get(0);
        assertThat(summary.file()).isEqualTo("adaptive-summary.csv");
        assertThat(summary.header()).containsExactly("scenario", "limiter", "goodput_rps", "p99_ms", "p999_ms",
                "shed_pct", "recovery_ms", "limit_min", "limit_max");
        assertThat(summary.rows()).hasSize(AdaptiveScenario.all().size() * AdaptiveLimiter.values().length);
        assertThat(result.charts()).hasSize(2 * AdaptiveScenario.all().size());
        assertThat(result.findings()).anySatisfy(f -> assertThat(f).startsWith("ours-vegas against netflix-vegas"));
    }

    @Test
    void isListedAmongTheExperiments() {
        assertThat(Experiments.all()).anySatisfy(e -> assertThat(e).isInstanceOf(AdaptiveExperiment.class));
    }
}
