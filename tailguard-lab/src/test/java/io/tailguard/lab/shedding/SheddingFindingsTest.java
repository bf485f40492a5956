package io.tailguard.lab.shedding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.playground.Traffic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The findings judge the published conclusion from the rows, at 200 rps offered. */
class SheddingFindingsTest {

    private static List<ShedRow> rows(double fifo, double tailDrop, double expire, double lifo) {
        List<ShedRow> rows = new ArrayList<>();
        String[] names = {"fifo", "tail-drop", "expire", "lifo"};
        double[] goodput = {fifo, tailDrop, expire, lifo};
        for (int p = 0; p < names.length; p++) {
            for (int rps : LoadSheddingExperiment.OFFERED_RPS) {
                rows.add(new ShedRow(names[p], rps, rps == 200 ? goodput[p] : 50, 0, 0, 10, 0, 0));
            }
        }
        return rows;
    }

    private static String judged(List<ShedRow> rows) {
        return SheddingFindings.of(rows, List.of(new long[] {1}, new long[] {1}, new long[] {1}, new long[] {1}),
                Traffic.CONSTANT).get(1);
    }

    @Test
    void thePublishedConclusionHoldsWhenEverySheddingPolicyStaysNearCapacity() {
        assertThat(judged(rows(7.8, 100, 100, 100))).contains("late requests holds in this run");
    }

    @Test
    void itDoesNotHoldWhenOneSheddingPolicyFallsShortOrFifoKeepsUp() {
        assertThat(judged(rows(7.8, 100, 80, 100))).contains("does not hold in this run");
        assertThat(judged(rows(95, 100, 100, 100))).contains("does not hold in this run");
    }
}
