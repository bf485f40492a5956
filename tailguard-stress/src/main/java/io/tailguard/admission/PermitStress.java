package io.tailguard.admission;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIIII_Result;

/**
 * Not thread-safe holder of jcstress tests for what every {@link Permit} promises, whichever policy
 * handed it out: completed more than once, it gives its place back once.
 */
public final class PermitStress {

    private PermitStress() {
    }

    /**
     * Thread-safe subject: two threads complete the same permit, one with success and one as
     * dropped, for each kind of permit: the slot permit of a fixed limit of 1, the pooled permit of
     * an adaptive limiter, and a chained permit of two fixed limits of 2. Read after both: the fixed
     * limiter's count in flight and whether it then admits a first ask (1) and a second (0); the
     * adaptive limiter's count; each chained limiter's count.
     */
    @JCStressTest
    @Outcome(id = "0, 1, 0, 0, 0, 0", expect = ACCEPTABLE, desc = "each permit freed exactly once")
    @Outcome(expect = FORBIDDEN, desc = "a permit freed twice or never")
    @State
    public static class DoubleCompletion {
        private final ConcurrencyLimiter fixed = ConcurrencyLimiter.fixed(1);
        private final Permit slot = fixed.tryAcquire(0L).permit();
        private final ConcurrencyLimiter adaptive = ConcurrencyLimiter.of(new AimdLimit(AimdLimitConfig.defaults()));
        private final Permit pooled = adaptive.tryAcquire(0L).permit();
        private final ConcurrencyLimiter first = ConcurrencyLimiter.fixed(2);
        private final ConcurrencyLimiter second = ConcurrencyLimiter.fixed(2);
        private final Permit chained = AdmissionPolicy.chain(first, second).tryAcquire(0L).permit();

        /** Completes each permit with success. */
        @Actor
        public void success() {
            slot.onSuccess(10L);
            pooled.onSuccess(10L);
            chained.onSuccess(10L);
        }

        /** Completes each permit as dropped. */
        @Actor
        public void dropped() {
            slot.onDropped(10L);
            pooled.onDropped(10L);
            chained.onDropped(10L);
        }

        /** Checks each place came back exactly once. */
        @Arbiter
        public void after(IIIIII_Result result) {
            result.r1 = fixed.inFlight();
            result.r2 = fixed.tryAcquire(20L).isAdmitted() ? 1 : 0;
            result.r3 = fixed.tryAcquire(20L).isAdmitted() ? 1 : 0;
            result.r4 = adaptive.inFlight();
            result.r5 = first.inFlight();
            result.r6 = second.inFlight();
        }
    }
}
