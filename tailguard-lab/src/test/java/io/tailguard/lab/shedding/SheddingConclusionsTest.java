package io.tailguard.lab.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.Conclusion;
import io.tailguard.lab.LabResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The published conclusion is judged from the typed rows, at the 200 rps level. */
class SheddingConclusionsTest {

    private static Conclusion.Verdict judged(double fifo, double tailDrop, double expire, double lifo) {
        List<ShedRow> rows = new ArrayList<>();
        String[] names = {"fifo", "tail-drop", "expire", "lifo"};
        double[] goodput = {fifo, tailDrop, expire, lifo};
        for (int p = 0; p < names.length; p++) {
            for (int rps : LoadSheddingExperiment.OFFERED_RPS) {
                // a random arrival stream offers about the level, not exactly it: rows are found by position
                rows.add(new ShedRow(names[p], rps + 0.4, rps == 200 ? goodput[p] : 50, 0, 0, 10, 0, 0));
            }
        }
        LabResult run = LabResult.builder("shedding").records(rows).build();
        return new LoadSheddingExperiment().spec().conclusions().get(0).judge(run.records()).verdict();
    }

    @Test
    void itHoldsWhenEverySheddingPolicyStaysNearCapacityAndFifoCollapses() {
        assertThat(judged(7.8, 100, 100, 100)).isEqualTo(new Conclusion.Verdict(true,
                "tail-drop 100.0, expire 100.0, lifo 100.0, fifo 7.8 rps"));
    }

    @Test
    void itDoesNotHoldWhenOneSheddingPolicyFallsShortOrFifoKeepsUp() {
        assertThat(judged(7.8, 100, 80, 100).holds()).isFalse();
        assertThat(judged(95, 100, 100, 100).holds()).isFalse();
    }
}
