package io.tailguard.lab.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.PublishedRulesContract;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The experiment against the specification's rules for windows the golden files do not cover, and its knobs. */
class AdmissionControlModelTest extends PublishedRulesContract {

    AdmissionControlModelTest() {
        super(new AdmissionControlExperiment(), Map.of(
                AdmissionControlExperiment.SWEEP_FILE, PublishedAdmissionOracle::sweep,
                AdmissionControlExperiment.PLATEAU_FILE, PublishedAdmissionOracle::plateau),
                "1ms", "250ms", "1s", "2345ms", "4s", "9s", "30s");
    }

    @Test
    void poissonArrivalsAreSeededAndTheFindingsSayWhereTheSweetSpotIs() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        String text = GoldenRuns.runGolden(new AdmissionControlExperiment(), a, "--arrivals", "poisson", "--seed", "5");
        GoldenRuns.runGolden(new AdmissionControlExperiment(), b, "--arrivals", "poisson", "--seed", "5");
        assertThat(GoldenRuns.csv(a, AdmissionControlExperiment.SWEEP_FILE))
                .isEqualTo(GoldenRuns.csv(b, AdmissionControlExperiment.SWEEP_FILE))
                .isNotEqualTo(GoldenRuns.goldenText("admission-control", AdmissionControlExperiment.SWEEP_FILE));
        assertThat(text).contains("Under bursts (").contains("poisson arrivals) the best limit is");
    }
}
