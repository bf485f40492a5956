package io.tailguard.lab;

import static io.tailguard.lab.ScoreRow.A_BEATS_B;
import static io.tailguard.lab.ScoreRow.NEEDS_C;
import static io.tailguard.lab.ScoreRow.policy;
import static io.tailguard.lab.ScoreRow.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The conclusions hook: judging one run, counting over seeds, and the wording of both. */
class ConclusionsTest {

    @TempDir
    Path tmp;

    /** Needs rows of a type no run here keeps. */
    private static final Conclusion<Other> NEEDS_OTHER = Conclusion.of("other exists", Other.class,
            r -> Conclusion.verdict(true, "%d rows", r.all().size()));

    record Other(int x) {
    }

    @Test
    void oneRunSaysWhetherEachConclusionHeldWithItsFigures() {
        assertThat(Conclusions.single(List.of(A_BEATS_B), "", run(2, 1))).hasValue(
                "Published conclusions, judged from this run's rows: \"a beats b\" holds (a 2.0 vs b 1.0).");
        assertThat(Conclusions.single(List.of(A_BEATS_B, NEEDS_C), " (with --arrivals poisson)", run(1, 2)))
                .hasValue("Published conclusions, judged from this run's rows (with --arrivals poisson): "
                        + "\"a beats b\" does not hold (a 1.0 vs b 2.0). \"c exists\" cannot be judged from this "
                        + "run (no policy c row in this run).");
        assertThat(Conclusions.single(List.of(NEEDS_OTHER), "", run(2, 1))).hasValue("Published conclusions, judged "
                + "from this run's rows: \"other exists\" cannot be judged from this run (no Other rows in this run).");
        assertThat(Conclusions.single(List.of(), "", run(2, 1))).isEmpty();
    }

    @Test
    void acrossSeedsCountsTheSeedsWhereItHeldAndNamesTheOthersWithTheirFigures() {
        List<LabResult> runs = List.of(run(2, 1), run(1, 3), run(5, 4), run(0, 1), run(3, 1));
        assertThat(Conclusions.acrossSeeds(List.of(A_BEATS_B), "", runs, 11)).hasValue(
                "Published conclusions over seeds 11..15: \"a beats b\" holds in 3 of 5 seeds; "
                        + "not at seed 12 (a 1.0 vs b 3.0), seed 14 (a 0.0 vs b 1.0).");
    }

    @Test
    void pastThreeFailuresTheRestAreNamedBySeedOnly() {
        List<LabResult> runs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            runs.add(run(i == 2 ? 9 : 0, 1));
        }
        assertThat(Conclusions.acrossSeeds(List.of(A_BEATS_B), " (with --arrivals bursty)", runs, 1)).hasValue(
                "Published conclusions over seeds 1..6 (with --arrivals bursty): \"a beats b\" holds in 1 of 6 seeds; "
                        + "not at seed 1 (a 0.0 vs b 1.0), seed 2 (a 0.0 vs b 1.0), seed 4 (a 0.0 vs b 1.0), "
                        + "nor at seeds 5, 6.");
    }

    @Test
    void oneFailureLeftOverIsNamedInTheSingularAndAFailureInEverySeedWithTheSameFiguresIsStatedOnce() {
        assertThat(Conclusions.counted(1, 5, List.of(1L, 2L, 3L, 4L), List.of("w", "x", "y", "z")))
                .isEqualTo("holds in 1 of 5 seeds; not at seed 1 (w), seed 2 (x), seed 3 (y), nor at seed 4");
        assertThat(Conclusions.counted(0, 3, List.of(1L, 2L, 3L), List.of("x", "x", "x")))
                .isEqualTo("holds in 0 of 3 seeds (each: x)");
        assertThat(Conclusions.counted(0, 2, List.of(1L, 2L), List.of("x", "y")))
                .isEqualTo("holds in 0 of 2 seeds; not at seed 1 (x), seed 2 (y)");
    }

    @Test
    void identicalRunsAreSaidToDrawNothingFromTheSeed() {
        String text = Conclusions.acrossSeeds(List.of(A_BEATS_B, NEEDS_C), "", List.of(run(2, 1), run(2, 1)), 1)
                .orElseThrow();
        assertThat(text).isEqualTo("Published conclusions over seeds 1..2: \"a beats b\" holds in 2 of 2 seeds. "
                + "\"c exists\" cannot be judged (no policy c row in this run). Every seed gave the same rows: nothing "
                + "in this run draws from the seed.");
    }

    /** The seeded test experiment, declaring one conclusion over its summary: value above 12. */
    static final class Judged implements Experiment {
        private final SeedRunsTest.SeededExperiment inner = new SeedRunsTest.SeededExperiment();

        @Override
        public ExperimentSpec spec() {
            ExperimentSpec seeded = SeedRunsTest.SeededExperiment.SPEC;
            return new ExperimentSpec(seeded.name(), seeded.title(), seeded.description(), seeded.series(),
                    seeded.options(), seeded.examples(), List.of(Conclusion.of("value above 12", ScoreRow.class, r -> {
                        double v = policy(r, "a");
                        return Conclusion.verdict(v > 12, "value %.0f", v);
                    })));
        }

        @Override
        public LabResult run(LabArgs args, Progress progress) {
            return inner.run(args, progress);
        }
    }

    @Test
    void theRunnerPutsTheVerdictFirstInTheFindingsAndNamesArgumentsOffTheDefaults() {
        StringWriter console = new StringWriter();
        LabRunner runner = new LabRunner(new PrintWriter(console, true), Progress.silent());
        runner.run(new Judged(), Map.of("--seed", "13"), tmp.resolve("one").toString(), List.of());
        assertThat(console.toString()).contains("Published conclusions, judged from this run's rows (with --seed 13): "
                + "\"value above 12\" holds (value 13).\n\nran seed 13");
        runner.run(new Judged(), Map.of("--seed", "11", "--seeds", "4"), tmp.resolve("four").toString(), List.of());
        assertThat(console.toString()).contains("Published conclusions over seeds 11..14: \"value above 12\" holds "
                + "in 2 of 4 seeds; not at seed 11 (value 11), seed 12 (value 12).");
    }
}
