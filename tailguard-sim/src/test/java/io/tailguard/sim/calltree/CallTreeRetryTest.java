package io.tailguard.sim.calltree;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The published micro-cases of the call tree, one request at a time (0.1 rps over 5 s is one arrival). */
class CallTreeRetryTest {

    private static Topology single(double dbMs, int attempts, double timeoutMs) {
        Topology t = Chains.checkout(() -> OwnWork.constant(dbMs), attempts, 1000);
        return new Topology(t.services(), java.util.List.of(new Topology.RouteSpec("checkout", new int[] {0, 1, 2},
                0.1, 1000)), attempts, timeoutMs, t.policies());
    }

    /**
     * A 500 ms database: two attempts a hop under a 400 ms timeout make four leaf attempts and give
     * up at 855 ms; under a 2 s timeout the first attempt succeeds at 510 ms.
     */
    @ParameterizedTest(name = "{0} attempts a hop, {1} ms timeout")
    @CsvSource({"2, 400, 4, 855.0, 0.0", "3, 2000, 1, 510.0, 100.0"})
    void aFiveHundredMillisecondDatabaseGivesThePublishedAttemptsLatencyAndSuccess(int attempts, double timeoutMs,
            int leafAttempts, double p99Ms, double successPct) {
        CallTreeOutcome o = new CallTree(single(500, attempts, timeoutMs), 5_000, ArrivalPattern.CONSTANT, 1).run();
        assertThat(o.spawns(2)).isEqualTo(leafAttempts);
        assertThat(o.p99(0)).isEqualTo(p99Ms);
        assertThat(o.successPct(0)).isEqualTo(successPct);
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
