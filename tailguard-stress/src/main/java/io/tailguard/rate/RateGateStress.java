package io.tailguard.rate;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZJ_Result;
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

    /**
     * Thread-safe subject: a fixed window with one permit per µs cycle; two threads race for it. The
     * loser's add must not take the next cycle's permit.
     */
    @JCStressTest
    @Outcome(id = {"true, false, 1", "false, true, 1"}, expect = ACCEPTABLE, desc = "exactly one wins; next cycle whole")
    @Outcome(expect = FORBIDDEN, desc = "the permit was taken twice or lost, or the next cycle is short")
    @State
    public static class FixedWindowLastPermit {
        private final FixedWindowRateLimiter limiter =
                new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofNanos(1_000)), 0L);

        /** First racer. */
        @Actor
        public void first(ZZJ_Result result) {
            result.r1 = limiter.tryAcquire(500L).isAdmitted();
        }

        /** Second racer. */
        @Actor
        public void second(ZZJ_Result result) {
            result.r2 = limiter.tryAcquire(500L).isAdmitted();
        }

        /** Counts the permits of the next cycle. */
        @Arbiter
        public void next(ZZJ_Result result) {
            result.r3 = limiter.availablePermissions(1_500L);
        }
    }

    /**
     * Thread-safe subject: two permits per µs cycle; a caller in cycle 0 races one in cycle 1. The
     * cycle-0 caller's add may land in cycle 1 and is then counted there; it must never be refused
     * while cycle 1 has room, nor leave a phantom there.
     */
    @JCStressTest
    @Outcome(id = {"true, true, 1", "false, true, 1"}, expect = ACCEPTABLE, desc = "the earlier caller judged in its own cycle")
    @Outcome(id = "true, true, 0", expect = ACCEPTABLE, desc = "the earlier caller's add landed in cycle 1: counted there")
    @Outcome(expect = FORBIDDEN, desc = "a permit lost or refused while cycle 1 had room")
    @State
    public static class FixedWindowStaleAddRacesNewCycle {
        private final FixedWindowRateLimiter limiter =
                new FixedWindowRateLimiter(new FixedWindowConfig(2, Duration.ofNanos(1_000)), 0L);

        /** The caller in cycle 0. */
        @Actor
        public void earlier(ZZJ_Result result) {
            result.r1 = limiter.tryAcquire(500L).isAdmitted();
        }

        /** The caller in cycle 1. */
        @Actor
        public void later(ZZJ_Result result) {
            result.r2 = limiter.tryAcquire(1_500L).isAdmitted();
        }

        /** Counts the permits left in cycle 1. */
        @Arbiter
        public void left(ZZJ_Result result) {
            result.r3 = limiter.availablePermissions(1_500L);
        }
    }

    /**
     * Thread-safe subject: a fixed window with two permits left; a single-permit caller (one add) races
     * a caller asking for both (a compare-and-set). Whoever comes first wins; an add that loses must
     * not leave a phantom that refuses the other caller.
     */
    @JCStressTest
    @Outcome(id = {"true, false, 1", "false, true, 0"}, expect = ACCEPTABLE, desc = "a linearizable order")
    @Outcome(expect = FORBIDDEN, desc = "a permit lost, made or refused while free")
    @State
    public static class FixedWindowAddRacesMultiPermit {
        private final FixedWindowRateLimiter limiter =
                new FixedWindowRateLimiter(new FixedWindowConfig(2, Duration.ofDays(1)), 0L);

        /** Takes one permit. */
        @Actor
        public void one(ZZJ_Result result) {
            result.r1 = limiter.tryAcquire(NOW).isAdmitted();
        }

        /** Takes both permits. */
        @Actor
        public void both(ZZJ_Result result) {
            result.r2 = limiter.tryAcquire(NOW, 2);
        }

        /** Counts the permits left. */
        @Arbiter
        public void left(ZZJ_Result result) {
            result.r3 = limiter.availablePermissions(NOW);
        }
    }

    /**
     * Thread-safe subject: a two-token bucket refilled one token per µs, empty at 0. A caller at
     * 2 µs (bucket full) races one at 5 µs, whose take must also discard the tokens that overflowed.
     * Either order is allowed; in both the bucket holds one token at 5 µs afterwards.
     */
    @JCStressTest
    @Outcome(id = {"true, true, 1", "false, true, 1"}, expect = ACCEPTABLE, desc = "a linearizable order")
    @Outcome(expect = FORBIDDEN, desc = "the later caller refused, or a token made or lost")
    @State
    public static class TokenBucketStaleRacesRefill {
        private final TokenBucket bucket =
                new TokenBucket(new TokenBucketConfig(2, 1, Duration.ofNanos(1_000), 0), 0L);

        /** The caller with the older time. */
        @Actor
        public void earlier(ZZJ_Result result) {
            result.r1 = bucket.tryAcquire(2_000L).isAdmitted();
        }

        /** The caller with the later time. */
        @Actor
        public void later(ZZJ_Result result) {
            result.r2 = bucket.tryAcquire(5_000L).isAdmitted();
        }

        /** Counts the tokens left at the later time. */
        @Arbiter
        public void left(ZZJ_Result result) {
            result.r3 = bucket.availableTokens(5_000L);
        }
    }

    /**
     * Thread-safe subject: one permit per µs cycle; a caller in cycle 0 races one in cycle 1. The
     * cycle-1 caller always gets its permit; the cycle-0 caller only if it came first.
     */
    @JCStressTest
    @Outcome(id = {"true, true, 0", "false, true, 0"}, expect = ACCEPTABLE, desc = "a linearizable order")
    @Outcome(expect = FORBIDDEN, desc = "the new cycle's permit lost or handed out twice")
    @State
    public static class FixedWindowStaleRacesNewCycle {
        private final FixedWindowRateLimiter limiter =
                new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofNanos(1_000)), 0L);

        /** The caller in cycle 0. */
        @Actor
        public void earlier(ZZJ_Result result) {
            result.r1 = limiter.tryAcquire(500L).isAdmitted();
        }

        /** The caller in cycle 1. */
        @Actor
        public void later(ZZJ_Result result) {
            result.r2 = limiter.tryAcquire(1_500L).isAdmitted();
        }

        /** Counts the permits left in cycle 1. */
        @Arbiter
        public void left(ZZJ_Result result) {
            result.r3 = limiter.availablePermissions(1_500L);
        }
    }
}
