package io.tailguard.lab.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.Breakers;
import io.tailguard.sim.calltree.CallTree;
import io.tailguard.sim.calltree.CallTreeOutcome;
import io.tailguard.sim.calltree.Chains;
import io.tailguard.sim.calltree.OwnWork;
import io.tailguard.sim.calltree.Policies;
import io.tailguard.sim.calltree.Topology;
import org.junit.jupiter.api.Test;

class BreakerModelTest {

    private static final String[] EDGES = {BreakerExperiment.FRONTEND_EDGE, BreakerExperiment.DATABASE_EDGE};

    @Test
    void coreAndResilience4jBreakersMakeTheSameTransitionsOnTheHardDownChain() {
        Topology down = Chains.checkout(() -> OwnWork.constant(500), 3, 1000);
        CallTreeOutcome core = new CallTree(down.with(Policies.naive().withBreakers(Breakers.core(EDGES))), 7_000,
                ArrivalPattern.CONSTANT, 1).run();
        CallTreeOutcome r4j = new CallTree(down.with(Policies.naive().withBreakers(
                Breakers.on(Resilience4jEdgeBreaker::new, EDGES))), 7_000, ArrivalPattern.CONSTANT, 1).run();
        for (String edge : EDGES) {
            assertThat(core.breaker(edge).transitions()).as(edge).isNotEmpty();
            assertThat(core.breaker(edge).transitions()).as(edge)
                    .usingRecursiveFieldByFieldElementComparator()
                    .containsExactlyElementsOf(r4j.breaker(edge).transitions());
        }
        assertThat(core.spawns(2)).isEqualTo(r4j.spawns(2));
        assertThat(core.p99(0)).isEqualTo(r4j.p99(0));
    }

    @Test
    void breakersCutTheStormAndKeepRouteBWholeAtOtherLengths() {
        CallTreeOutcome naive = new CallTree(BreakerExperiment.blastRadius(Policies.naive()), 8_000,
                ArrivalPattern.CONSTANT, 1).run();
        CallTreeOutcome guarded = new CallTree(BreakerExperiment.blastRadius(Policies.naive().withBreakers(
                Breakers.core(BreakerExperiment.FRONTEND_EDGE, BreakerExperiment.ROUTE_B_EDGE,
                        BreakerExperiment.DATABASE_EDGE))), 8_000, ArrivalPattern.CONSTANT, 1).run();
        assertThat(guarded.windows()).isEqualTo(77);
        assertThat(guarded.spawns(3)).isLessThan(naive.spawns(3));
        assertThat(guarded.successPct(1)).isGreaterThan(naive.successPct(1));
    }
}
