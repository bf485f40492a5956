package io.tailguard.sim.calltree;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The published micro-cases of the call tree, one request at a time (0.1 rps over 5 s is one arrival). */
class CallTreeRetryTest {

    private static Topology single(double dbMs, int attempts, double timeoutMs) {
        Topology t = Chains.checkout(() -> OwnWork.constant(dbMs), attempts, 1000);
        return new Topology(t.services(), java.util.List.of(new Topology.RouteSpec("checkout", new int[] {0, 1, 2},
                0.1, 1000)), attempts, timeoutMs, t.policies());
    }

    @Test
    void twoAttemptsPerHopAgainstAHardDownDatabaseMakeFourLeafAttemptsAndGiveUpAt855() {
        CallTreeOutcome o = new CallTree(single(500, 2, 400), 5_000, ArrivalPattern.CONSTANT, 1).run();
        assertThat(o.spawns(2)).isEqualTo(4);
        assertThat(o.p99(0)).isEqualTo(855.0);
        assertThat(o.successPct(0)).isEqualTo(0.0);
    }

    @Test
    void aGenerousTimeoutMakesOneLeafAttemptAndSucceedsAt510() {
        CallTreeOutcome o = new CallTree(single(500, 3, 2000), 5_000, ArrivalPattern.CONSTANT, 1).run();
        assertThat(o.spawns(2)).isEqualTo(1);
        assertThat(o.p99(0)).isEqualTo(510.0);
        assertThat(o.successPct(0)).isEqualTo(100.0);
    }

    @Test
    void theFirstRootsTreeIsNineLeafAttemptsAtThreePerHop() {
        CallTreeOutcome o = new CallTree(single(500, 3, 400), 5_000, ArrivalPattern.CONSTANT, 1).run();
        assertThat(o.spawns(2)).isEqualTo(9);
    }

    @Test
    void longerRunsKeepTheHealthyChainWhole() {
        CallTreeOutcome o = new CallTree(Chains.checkout(() -> OwnWork.constant(10), 3, 1000), 12_345,
                ArrivalPattern.CONSTANT, 1).run();
        assertThat(o.successPct(0)).isEqualTo(100.0);
        assertThat(o.windows()).isEqualTo(113);
        assertThat(o.eligibleLeafAttempts(3, 400, 50)).isEqualTo(1.0);
    }
}
