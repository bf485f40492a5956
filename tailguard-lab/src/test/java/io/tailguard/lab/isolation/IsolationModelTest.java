package io.tailguard.lab.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.CallTreeOutcome;
import org.junit.jupiter.api.Test;

class IsolationModelTest {

    private static CallTreeOutcome run(String policy, int reserve, long durationMs) {
        return IsolationExperiment.run(policy, reserve, durationMs, ArrivalPattern.CONSTANT, 42);
    }

    @Test
    void breakersNeverOpenAndBreakersAndBudgetLeaveRouteBAsNaive() {
        CallTreeOutcome naive = run("naive", 1, 5_000);
        CallTreeOutcome breaker = run("breaker", 1, 5_000);
        assertThat(breaker.breakers().values()).allSatisfy(b -> assertThat(b.transitions()).isEmpty());
        assertThat(breaker.successPct(1)).isEqualTo(naive.successPct(1));
        assertThat(run("budget", 1, 5_000).successPct(1)).isEqualTo(naive.successPct(1));
    }

    @Test
    void oneReservedWorkerSavesRouteBAndFourStarveRouteA() {
        assertThat(run("bulkhead", 1, 5_000).successPct(1)).isEqualTo(100.0);
        assertThat(run("bulkhead", 4, 5_000).successPct(0)).isLessThan(60.0);
    }

    @Test
    void longerRunsGiveThePublishedModelsFiguresForThoseLengths() {
        // the published lab's own runs at 10 s and 20 s: route-a's backlog grows with the horizon
        assertThat(run("naive", 1, 10_000).successPct(0)).isCloseTo(64.3, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("naive", 1, 10_000).successPct(1)).isCloseTo(10.9, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("naive", 1, 20_000).successPct(0)).isCloseTo(30.5, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("naive", 1, 20_000).successPct(1)).isCloseTo(5.4, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("bulkhead", 1, 10_000).successPct(0)).isCloseTo(53.6, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("bulkhead", 1, 20_000).successPct(0)).isCloseTo(25.4, org.assertj.core.data.Offset.offset(0.05));
        assertThat(run("bulkhead", 1, 20_000).successPct(1)).isEqualTo(100.0);
    }
}
