package io.tailguard.lab.breaker;

import static io.tailguard.sim.calltree.Scoring.f;

import io.tailguard.sim.calltree.CallTreeOutcome;
import io.tailguard.sim.calltree.Chains;

/** Thread-safe (stateless) findings of the circuit-breaker experiment, computed from its runs. */
final class BreakerFindings {

    private BreakerFindings() {
    }

    static String of(CallTreeOutcome naive, CallTreeOutcome core, CallTreeOutcome r4j, CallTreeOutcome blastNaive,
            CallTreeOutcome blastBreaker) {
        double naiveAmp = naive.eligibleLeafAttempts(Chains.ATTEMPTS, Chains.TIMEOUT_MS, Chains.BACKOFF_MS);
        double coreAmp = core.eligibleLeafAttempts(Chains.ATTEMPTS, Chains.TIMEOUT_MS, Chains.BACKOFF_MS);
        double r4jAmp = r4j.eligibleLeafAttempts(Chains.ATTEMPTS, Chains.TIMEOUT_MS, Chains.BACKOFF_MS);
        int naiveHit = 0;
        int breakerHit = 0;
        for (int w = 0; w < blastNaive.windows(); w++) {
            naiveHit += blastNaive.windowSuccess(w, 1) < 100.0 ? 1 : 0;
            breakerHit += blastBreaker.windowSuccess(w, 1) < 100.0 ? 1 : 0;
        }
        boolean same = coreAmp == r4jAmp && core.p99(0) == r4j.p99(0) && core.successPct(0) == r4j.successPct(0);
        return f("With the database down, the core breaker cuts database attempts per request from %.2f to %.2f "
                + "and the p50 time to a refusal from %.0f to %.0f ms; Resilience4j's %s. route-b lost requests in "
                + "%d windows without breakers, %d with them.", naiveAmp, coreAmp, naive.p50(0), core.p50(0),
                same ? "gives the same row" : f("differs: %.2f attempts, p99 %.0f ms", r4jAmp, r4j.p99(0)),
                naiveHit, breakerHit);
    }
}
