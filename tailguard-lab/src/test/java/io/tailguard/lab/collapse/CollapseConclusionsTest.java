package io.tailguard.lab.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.Conclusion;
import io.tailguard.lab.LabResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The conclusions read the run's typed rows, not the cells the CSV writer formatted from them. */
class CollapseConclusionsTest {

    private static CollapseRow row(boolean retries, int offered, double effective, double goodput) {
        return new CollapseRow(retries, offered, effective, Math.min(offered, 100), goodput, 0, 10, 20, 1);
    }

    private static Conclusion.Verdict judge(int index, List<CollapseRow> rows) {
        LabResult result = LabResult.builder("collapse").records(rows).build();
        return new LoadCollapseExperiment().spec().conclusions().get(index).judge(result.records()).verdict();
    }

    @Test
    void goodputAtTwiceCapacityComesFromTheRecordsWithoutAnyTable() {
        List<CollapseRow> rows = List.of(row(false, 100, 100, 100), row(false, 200, 200, 7.84),
                row(true, 100, 100, 100), row(true, 200, 716.6, 7.8));

        assertThat(judge(1, rows)).isEqualTo(new Conclusion.Verdict(true, "7.8 rps goodput at 200 rps offered"));
        assertThat(judge(2, rows).holds()).isTrue();
        assertThat(judge(0, rows)).isEqualTo(new Conclusion.Verdict(true,
                "worst goodput up to 100 rps 100.0 % of offered"));
    }

    @Test
    void retriesThatChangeGoodputBreakTheThirdConclusion() {
        List<CollapseRow> rows = List.of(row(false, 200, 200, 7.8), row(true, 200, 716.6, 30.0));

        assertThat(judge(2, rows)).isEqualTo(new Conclusion.Verdict(false,
                "goodput differs by up to 22.2 rps; 716.6 rps processed at 200 offered with retries"));
    }
}
