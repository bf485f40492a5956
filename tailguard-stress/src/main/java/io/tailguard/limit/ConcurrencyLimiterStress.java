package io.tailguard.limit;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.tailguard.admission.Permit;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import org.openjdk.jcstress.infra.results.ZI_Result;
import org.openjdk.jcstress.infra.results.ZZI_Result;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/** Not thread-safe holder of jcstress tests for {@link ConcurrencyLimiter} and its permit pool. */
public final class ConcurrencyLimiterStress {

    private ConcurrencyLimiterStress() {
    }

    /** Thread-safe subject: limit 1, two threads acquire at once. */
    @JCStressTest
    @Outcome(id = {"true, false, 1", "false, true, 1"}, expect = ACCEPTABLE, desc = "one admitted, one in flight")
    @Outcome(expect = FORBIDDEN, desc = "limit exceeded or a slot lost")
    @State
    public static class LastSlot {
        private final ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(1);

        /** First racer. */
        @Actor
        public void first(ZZI_Result result) {
            result.r1 = limiter.tryAcquire(0L).isAdmitted();
        }

        /** Second racer. */
        @Actor
        public void second(ZZI_Result result) {
            result.r2 = limiter.tryAcquire(0L).isAdmitted();
        }

        /** Checks the counter once both are done. */
        @Arbiter
        public void inFlight(ZZI_Result result) {
            result.r3 = limiter.inFlight();
        }
    }

    /** Thread-safe subject: the only slot is held; one thread releases it while another acquires. */
    @JCStressTest
    @Outcome(id = {"true, 1", "false, 0"}, expect = ACCEPTABLE, desc = "admitted after or rejected before the release")
    @Outcome(expect = FORBIDDEN, desc = "in-flight count disagrees with the decision")
    @State
    public static class ReleaseRacesAcquire {
        private final ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(1);
        private final Permit held = limiter.tryAcquire(0L).permit();

        /** Completes the held permit. */
        @Actor
        public void release() {
            held.onSuccess(10L);
        }

        /** Tries to take the slot. */
        @Actor
        public void acquire(ZI_Result result) {
            result.r1 = limiter.tryAcquire(5L).isAdmitted();
        }

        /** Checks the counter once both are done. */
        @Arbiter
        public void inFlight(ZI_Result result) {
            result.r2 = limiter.inFlight();
        }
    }

    /** Thread-safe subject: two threads complete the same permit in different ways. */
    @JCStressTest
    @Outcome(id = "0", expect = ACCEPTABLE, desc = "the permit was released exactly once")
    @Outcome(expect = FORBIDDEN, desc = "released twice or never")
    @State
    public static class DoubleCompletion {
        private final ConcurrencyLimiter limiter = new ConcurrencyLimiter(
                new AimdLimit(AimdLimitConfig.defaults()));
        private final Permit permit = limiter.tryAcquire(0L).permit();

        /** Completes with success. */
        @Actor
        public void success() {
            permit.onSuccess(10L);
        }

        /** Completes with a drop. */
        @Actor
        public void dropped() {
            permit.onDropped(10L);
        }

        /** Checks the counter once both are done. */
        @Arbiter
        public void inFlight(I_Result result) {
            result.r1 = limiter.inFlight();
        }
    }

    /** Thread-safe subject: a pool holding one permit; two threads poll at once. */
    @JCStressTest
    @Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "exactly one thread gets the permit")
    @Outcome(expect = FORBIDDEN, desc = "handed out twice or lost")
    @State
    public static class PoolLastPermit {
        private final PermitPool pool = new PermitPool(4);

        {
            pool.offer(new PooledPermit(ConcurrencyLimiter.fixed(1)));
        }

        /** First racer. */
        @Actor
        public void first(ZZ_Result result) {
            result.r1 = pool.poll() != null;
        }

        /** Second racer. */
        @Actor
        public void second(ZZ_Result result) {
            result.r2 = pool.poll() != null;
        }
    }

    /** Thread-safe subject: one thread returns a permit while another takes one, on a pool of one. */
    @JCStressTest
    @Outcome(id = "true, 2", expect = ACCEPTABLE, desc = "the taker got a permit; none lost")
    @Outcome(expect = FORBIDDEN, desc = "a permit was lost or duplicated")
    @State
    public static class OfferRacesPoll {
        private final ConcurrencyLimiter owner = ConcurrencyLimiter.fixed(1);
        private final PermitPool pool = new PermitPool(2);

        {
            pool.offer(new PooledPermit(owner));
        }

        /** Returns a second permit. */
        @Actor
        public void offer() {
            pool.offer(new PooledPermit(owner));
        }

        /** Takes one permit. */
        @Actor
        public void poll(ZI_Result result) {
            result.r1 = pool.poll() != null;
        }

        /** Counts the permits taken and left: must be both of them. */
        @Arbiter
        public void left(ZI_Result result) {
            int left = 0;
            while (pool.poll() != null) {
                left++;
            }
            result.r2 = left + (result.r1 ? 1 : 0);
        }
    }
}
