package io.tailguard.lab;

import io.tailguard.artifacts.CsvTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --seeds K} through the runner, on a tiny experiment whose figures are a known function of the seed. */
class SeedRunsTest {

    @TempDir
    Path tmp;

    /** Its summary: a label, the seed itself, and a constant. */
    static final class SeededExperiment extends SpecExperiment {
        static final ExperimentSpec SPEC = new ExperimentSpec("seeded", "Seeded", "figures from the seed",
                LabSeries.TAILGUARD, List.of(LabOption.seed(10, "the seed")), List.of(), List.of());

        SeededExperiment() {
            super(SPEC);
        }

        @Override
        public LabResult run(LabArgs args, Progress progress) {
            long seed = args.longValue(LabOption.SEED);
            CsvTable summary = CsvTable.builder("Summary", "seeded-summary.csv", "policy", "value", "constant")
                    .row("a", Long.toString(seed), "3.0").build();
            return LabResult.builder("Seeded " + seed).table(summary).records(List.of(new ScoreRow("a", seed)))
                    .seedSummary(summary)
                    .finding("ran seed " + seed).seed(seed).build();
        }
    }

    @Test
    void declaringSeedAddsSeedsAndOnlyThen() {
        assertThat(LabOption.of(new SeededExperiment())).extracting(LabOption::name).containsExactly("--seed", "--seeds");
        assertThat(LabOption.of(new FakeExperiment(false))).extracting(LabOption::name).doesNotContain("--seeds");
    }

    @Test
    void kSeedsReportMeanAndIntervalOfEveryNumericCell() throws IOException {
        StringWriter terminal = new StringWriter();
        new LabRunner(new PrintWriter(terminal, true), Progress.silent()).run(new SeededExperiment(),
                Map.of("--seed", "10", "--seeds", "3"), tmp.toString(), List.of("lab", "seeded"));
        // seeds 10, 11, 12: mean 11, sd 1, half width 4.303 / sqrt(3) = 2.484
        assertThat(Files.readAllLines(tmp.resolve("seeded-seeds.csv"))).containsExactly(
                "row,metric,seeds,first_seed,mean,ci95_low,ci95_high,ci95_half_width",
                "a,value,3,10,11.000,8.516,13.484,2.484",
                "a,constant,3,10,3.000,3.000,3.000,0.000");
        assertThat(tmp.resolve("seeded-seeds.png")).isNotEmptyFile();
        // the other artifacts are the first seed's
        assertThat(Files.readString(tmp.resolve("seeded-summary.csv"))).contains("a,10,3.0");
        assertThat(terminal.toString()).contains("Over 3 seeds (10..12), 1 of 2 summary figures")
                .contains("a value 11.000 ± 2.484").contains("Seed 10: ran seed 10");
    }

    @Test
    void aLabelSeveralRowsShareGetsEachRowsPosition() {
        List<CsvTable> runs = List.of(
                CsvTable.builder("Sweep", "s.csv", "policy", "rps").row("fifo", "1").row("fifo", "2").row("lifo", "3")
                        .build(),
                CsvTable.builder("Sweep", "s.csv", "policy", "rps").row("fifo", "3").row("fifo", "4").row("lifo", "5")
                        .build());
        assertThat(SeedRuns.aggregate(runs)).extracting(SeedRuns.Figure::row)
                .containsExactly("fifo (row 1)", "fifo (row 2)", "lifo");
    }

    @Test
    void oneSeedIsAnOrdinaryRun() throws IOException {
        new LabRunner(new PrintWriter(new StringWriter()), Progress.silent()).run(new SeededExperiment(),
                Map.of(), tmp.toString(), List.of());
        assertThat(tmp.resolve("seeded-seeds.csv")).doesNotExist();
    }

    @Test
    void seedsIsValidatedLikeAnyOption() {
        assertThatThrownBy(() -> LabArgs.parse(new SeededExperiment(), Map.of("--seeds", "0"), List.of()))
                .isInstanceOf(LabUsageException.class).hasMessage("--seeds must be an integer from 1 to 100 but was '0'");
        assertThatThrownBy(() -> LabArgs.parse(new FakeExperiment(false), Map.of("--seeds", "3"), List.of()))
                .isInstanceOf(LabUsageException.class).hasMessageStartingWith("option must be one of");
    }
}
