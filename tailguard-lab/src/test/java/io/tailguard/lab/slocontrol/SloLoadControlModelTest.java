package io.tailguard.lab.slocontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.playground.PublishedRulesContract;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The experiment against the specification's rules for other windows and seeds, and its knobs. */
class SloLoadControlModelTest extends PublishedRulesContract {

    SloLoadControlModelTest() {
        super(new SloLoadControlExperiment(), Map.of(
                SloLoadControlExperiment.PROTECTION_FILE, ms -> PublishedSloOracle.protection(ms, 23),
                SloLoadControlExperiment.BURST_FILE, ms -> PublishedSloOracle.burst(ms, 23)),
                "201ms", "450ms", "1s", "2345ms", "4s", "7s", "15s");
    }

    @Test
    void anotherSeedDrawsAnotherClassMixAsThePublishedRulesWould() throws IOException {
        Path out = tmp.resolve("seed");
        String text = GoldenRuns.runGolden(new SloLoadControlExperiment(), out, "--seed", "42");
        assertThat(GoldenRuns.csv(out, SloLoadControlExperiment.PROTECTION_FILE))
                .isEqualTo(PublishedSloOracle.protection(5000, 42))
                .isNotEqualTo(GoldenRuns.goldenText("slo-load-control", SloLoadControlExperiment.PROTECTION_FILE));
        assertThat(text).contains("With seed 42 and constant arrivals");
    }

    @Test
    void aWindowNoLongerThanTheDeadlineIsAUsageError() {
        assertThatThrownBy(() -> GoldenRuns.runGolden(new SloLoadControlExperiment(), tmp.resolve("x"), "--duration", "200ms"))
                .isInstanceOf(LabUsageException.class)
                .hasMessageContaining("--duration").hasMessageContaining("200 ms deadline").hasMessageContaining("200ms");
    }
}
