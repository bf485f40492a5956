package io.tailguard.rate;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * Not thread-safe holder of jcstress tests for the lock-free rate gates: two threads race for the
 * last token or permit at the same instant; exactly one may win.
 */
public final class RateGateStress {

    private RateGateStress() {
    }

    private static final long NOW = 1_000L;

    /** Thread-safe subject: a full one-token bucket; two threads race for the token. */
    @JCStressTest
    @Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "exactly one thread takes the token")
    @Outcome(expect = FORBIDDEN, desc = "the token was taken twice or lost")
    @State
    public static class TokenBucketLastToken {
        private final TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(1, 1, Duration.ofDays(1)), 0L);

        /** First racer. */
        @Actor
        public void first(ZZ_Result result) {
            result.r1 = bucket.tryAcquire(NOW).isAdmitted();
        }

        /** Second racer. */
        @Actor
        public void second(ZZ_Result result) {
            result.r2 = bucket.tryAcquire(NOW).isAdmitted();
        }
    }

    /** Thread-safe subject: two tokens; one thread wants both, the other one. */
    @JCStressTest
    @Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "whoever comes first wins")
    @Outcome(expect = FORBIDDEN, desc = "three tokens handed out, or a token lost")
    @State
    public static class TokenBucketMultiPermit {
        private final TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(2, 1, Duration.ofDays(1)), 0L);

        /** Takes both tokens. */
        @Actor
        public void both(ZZ_Result result) {
            result.r1 = bucket.tryAcquire(NOW, 2);
        }

        /** Takes one token, then asks for a second one it must not get if the first actor won. */
        @Actor
        public void one(ZZ_Result result) {
            result.r2 = bucket.tryAcquire(NOW, 1) && bucket.tryAcquire(NOW, 1);
        }
    }

    /** Thread-safe subject: a fixed window with one permit per cycle; two threads race for it. */
    @JCStressTest
    @Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "exactly one thread takes the permit")
    @Outcome(expect = FORBIDDEN, desc = "the permit was taken twice or lost")
    @State
    public static class FixedWindowLastPermit {
        private final FixedWindowRateLimiter limiter =
                new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofDays(1)), 0L);

        /** First racer. */
        @Actor
        public void first(ZZ_Result result) {
            result.r1 = limiter.tryAcquire(NOW).isAdmitted();
        }

        /** Second racer. */
        @Actor
        public void second(ZZ_Result result) {
            result.r2 = limiter.tryAcquire(NOW).isAdmitted();
        }
    }
}
