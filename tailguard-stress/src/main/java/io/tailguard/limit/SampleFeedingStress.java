package io.tailguard.limit;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.tailguard.admission.Permit;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Not thread-safe holder of jcstress tests for the way an adaptive limiter feeds its estimator:
 * completions that race must each feed their sample once, unchanged, never two threads inside the
 * (not thread-safe) estimator at once, and every permit must come back.
 */
public final class SampleFeedingStress {

    private SampleFeedingStress() {
    }

    /** Not thread-safe estimator (as every {@link Limit}): counts samples and overlapping entries. */
    static final class CountingLimit implements Limit {
        int samples;
        long rttSum;
        volatile boolean inside;
        volatile int overlaps;

        @Override
        public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
            if (inside) {
                overlaps++;
            }
            inside = true;
            samples++;
            rttSum += rttNanos;
            inside = false;
            return 4;
        }

        @Override
        public int limit() {
            return 4;
        }

        @Override
        public int maxLimit() {
            return 4;
        }
    }

    /** Thread-safe subject: two permits of one limiter completed at once, with RTTs 10 and 20. */
    @JCStressTest
    @Outcome(id = "2, 30, 0", expect = ACCEPTABLE, desc = "both samples fed once, both permits back")
    @Outcome(expect = FORBIDDEN, desc = "a sample lost, fed twice or changed, or a permit still out")
    @State
    public static class TwoCompletions {
        private final CountingLimit estimator = new CountingLimit();
        private final ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        private final Permit first = limiter.tryAcquire(0L).permit();
        private final Permit second = limiter.tryAcquire(0L).permit();

        /** Completes the first permit after 10 ns. */
        @Actor
        public void completeFirst() {
            first.onSuccess(10L);
        }

        /** Completes the second permit after 20 ns, as a drop. */
        @Actor
        public void completeSecond() {
            second.onDropped(20L);
        }

        /** Looks once both are done. */
        @Arbiter
        public void fed(III_Result result) {
            result.r1 = estimator.samples;
            result.r2 = (int) estimator.rttSum;
            result.r3 = limiter.inFlight();
        }
    }

    /**
     * Thread-safe subject: one thread completes a permit and takes another while the other thread
     * completes its own; the permit table (2 × 4 slots) must get every completed permit back.
     */
    @JCStressTest
    @Outcome(id = "3, 0", expect = ACCEPTABLE, desc = "three samples fed, nobody inside twice")
    @Outcome(expect = FORBIDDEN, desc = "a sample lost or two threads in the estimator")
    @State
    public static class CompletionRacesCompletion {
        private final CountingLimit estimator = new CountingLimit();
        private final ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        private final Permit first = limiter.tryAcquire(0L).permit();
        private final Permit second = limiter.tryAcquire(0L).permit();

        /** Completes, acquires again and completes again. */
        @Actor
        public void twice() {
            first.onSuccess(5L);
            limiter.tryAcquire(5L).permit().onSuccess(7L);
        }

        /** Completes the other permit. */
        @Actor
        public void once() {
            second.onSuccess(9L);
        }

        /** Looks once both are done. */
        @Arbiter
        public void fed(II_Result result) {
            result.r1 = estimator.samples;
            result.r2 = estimator.overlaps;
        }
    }

    /**
     * Thread-safe subject: over a {@link VegasLimit}, a sample it takes without the lock races a
     * drop fed through it; both must land (three samples counted, the limit 100 shrunk by one step
     * of 2 to 98) and both permits come back.
     */
    @JCStressTest
    @Outcome(id = "3, 98, 0", expect = ACCEPTABLE, desc = "both samples landed, both permits back")
    @Outcome(expect = FORBIDDEN, desc = "a sample lost or counted twice, the drop lost, or a permit still out")
    @State
    public static class QuietSampleRacesDrop {
        private final VegasLimit estimator = new VegasLimit(new VegasLimitConfig(100, 100, 1.0, 1_000_000));
        private final ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        private final Permit first;
        private final Permit second;

        public QuietSampleRacesDrop() {
            limiter.tryAcquire(0L).permit().onSuccess(1_000L); // the no-load RTT: 1,000 ns
            first = limiter.tryAcquire(0L).permit();
            second = limiter.tryAcquire(0L).permit();
        }

        /** Completes after 2,000 ns with one in flight at its start: a quiet sample. */
        @Actor
        public void quiet() {
            first.onSuccess(2_000L);
        }

        /** Drops after 2,000 ns: goes through the lock and moves the limit. */
        @Actor
        public void drop() {
            second.onDropped(2_000L);
        }

        /** Looks once both are done. */
        @Arbiter
        public void landed(III_Result result) {
            result.r1 = (int) estimator.samplesSinceProbe();
            result.r2 = limiter.limit();
            result.r3 = limiter.inFlight();
        }
    }
}
