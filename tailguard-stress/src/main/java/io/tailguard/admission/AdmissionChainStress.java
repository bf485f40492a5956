package io.tailguard.admission;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.tailguard.limit.ConcurrencyLimiter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * Not thread-safe holder of jcstress tests for {@link AdmissionPolicy#chain}; its permit completed
 * twice is in {@link PermitStress}.
 */
public final class AdmissionChainStress {

    private AdmissionChainStress() {
    }

    /** Thread-safe subject: one thread completes a chained permit while another asks the chain again. */
    @JCStressTest
    @Outcome(id = {"true, 1, 1", "false, 0, 0"}, expect = ACCEPTABLE, desc = "admitted after the release, or refused before it")
    @Outcome(expect = FORBIDDEN, desc = "a gate's count disagrees with the decision (a refusal left a place taken)")
    @State
    public static class ReleaseRacesAcquire {
        private final ConcurrencyLimiter first = ConcurrencyLimiter.fixed(1);
        private final ConcurrencyLimiter second = ConcurrencyLimiter.fixed(1);
        private final AdmissionPolicy chain = AdmissionPolicy.chain(first, second);
        private final Permit held = chain.tryAcquire(0L).permit();

        /** Completes the held permit. */
        @Actor
        public void release() {
            held.onSuccess(10L);
        }

        /** Asks the chain. */
        @Actor
        public void acquire(ZII_Result result) {
            result.r1 = chain.tryAcquire(5L).isAdmitted();
        }

        /** Reads both gates once both are done. */
        @Arbiter
        public void inFlight(ZII_Result result) {
            result.r2 = first.inFlight();
            result.r3 = second.inFlight();
        }
    }
}
