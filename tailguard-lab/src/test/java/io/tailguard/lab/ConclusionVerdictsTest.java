package io.tailguard.lab;

import static io.tailguard.lab.ScoreRow.A_BEATS_B;
import static io.tailguard.lab.ScoreRow.NEEDS_C;
import static io.tailguard.lab.ScoreRow.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.artifacts.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict lines a report opens with, one per conclusion, for one run and across seeds. */
class ConclusionVerdictsTest {

    @Test
    void oneRunGivesOneLinePerConclusionWithItsOutcomeAndFigures() {
        assertThat(Conclusions.verdicts(List.of(A_BEATS_B, NEEDS_C), run(1, 2))).containsExactly(
                new Verdict(Verdict.Outcome.NOT_HELD, "a beats b", "a 1.0 vs b 2.0"),
                new Verdict(Verdict.Outcome.NOT_JUDGED, "c exists", "no policy c row in this run"));
        assertThat(Conclusions.verdicts(List.of(A_BEATS_B), run(2, 1))).containsExactly(
                new Verdict(Verdict.Outcome.HELD, "a beats b", "a 2.0 vs b 1.0"));
    }

    @Test
    void acrossSeedsHeldInEveryNoneOrSomeIsHeldNotHeldOrMixed() {
        assertThat(Conclusions.verdictsAcrossSeeds(List.of(A_BEATS_B), List.of(run(2, 1), run(3, 1)), 1))
                .extracting(Verdict::outcome).containsExactly(Verdict.Outcome.HELD);
        assertThat(Conclusions.verdictsAcrossSeeds(List.of(A_BEATS_B), List.of(run(0, 1), run(0, 2)), 1))
                .extracting(Verdict::outcome).containsExactly(Verdict.Outcome.NOT_HELD);
        assertThat(Conclusions.verdictsAcrossSeeds(List.of(A_BEATS_B), List.of(run(2, 1), run(1, 3)), 11))
                .containsExactly(new Verdict(Verdict.Outcome.MIXED, "a beats b",
                        "holds in 1 of 2 seeds; not at seed 12 (a 1.0 vs b 3.0)"));
    }

    @Test
    void aJudgedResultKeepsTheParagraphForTheTerminalAndTheLinesForTheReport() {
        LabResult judged = run(2, 1).withVerdicts("Published: yes.", Conclusions.verdicts(List.of(A_BEATS_B), run(2, 1)));

        assertThat(judged.findings()).containsExactly("Published: yes.");
        assertThat(judged.report(new FakeExperiment(false), LabArgs.defaults(new FakeExperiment(false), List.of()))
                .findings()).isEmpty();
        assertThat(judged.verdicts()).hasSize(1);
    }
}
