package io.tailguard.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseGate;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.Gradient2Limit;
import io.tailguard.limit.Gradient2LimitConfig;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;
import io.tailguard.rate.FixedWindowConfig;
import io.tailguard.rate.FixedWindowRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The contract every {@link AdmissionPolicy} in tailguard passes. */
class AdmissionPolicyContractTest {

    private static final long MS = 1_000_000L;
    private static final long START = -5_000 * MS; // a negative System.nanoTime() is legal

    /** A policy under test; {@code inFlight} is null for gates that do not count requests in flight. */
    record Case(String name, LongFunction<AdmissionPolicy> factory, InFlight inFlight, Renewal renewal) {
        Case(String name, LongFunction<AdmissionPolicy> factory, InFlight inFlight) {
            this(name, factory, inFlight, (policy, nowNanos) -> { });
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** What the policy's owner does over time to let it admit again (a lease gate needs a new lease). */
    interface Renewal {
        void renew(AdmissionPolicy policy, long nowNanos);
    }

    interface InFlight {
        int of(AdmissionPolicy policy);
    }

    static Stream<Case> policies() {
        InFlight limiterInFlight = policy -> ((ConcurrencyLimiter) policy).inFlight();
        return Stream.of(
                new Case("TokenBucket", start -> new TokenBucket(
                        TokenBucketConfig.of(5, 5, Duration.ofMillis(100)), start), null),
                new Case("FixedWindowRateLimiter", start -> new FixedWindowRateLimiter(
                        new FixedWindowConfig(5, Duration.ofMillis(100)), start), null),
                new Case("ConcurrencyLimiter(fixed)", start -> ConcurrencyLimiter.fixed(5), limiterInFlight),
                new Case("ConcurrencyLimiter(aimd)", start -> ConcurrencyLimiter.of(new AimdLimit(
                        new AimdLimitConfig(5, 1, 10, 0.5, Duration.ofMillis(20)))), limiterInFlight),
                new Case("ConcurrencyLimiter(vegas)", start -> ConcurrencyLimiter.of(new VegasLimit(
                        new VegasLimitConfig(5, 10, 1.0, 3))), limiterInFlight),
                new Case("ConcurrencyLimiter(gradient2)", start -> ConcurrencyLimiter.of(new Gradient2Limit(
                        new Gradient2LimitConfig(5, 1, 10, 0.2, 1.5, 1, 0.5))), limiterInFlight),
                // limiters first, the rate gate last: whichever refuses, nothing stays taken
                new Case("chain(ConcurrencyLimiter(aimd), ConcurrencyLimiter(fixed), TokenBucket)",
                        start -> AdmissionPolicy.chain(
                                ConcurrencyLimiter.of(new AimdLimit(new AimdLimitConfig(5, 1, 10, 0.5, Duration.ofMillis(20)))),
                                ConcurrencyLimiter.fixed(4),
                                new TokenBucket(TokenBucketConfig.of(6, 6, Duration.ofMillis(100)), start)),
                        policy -> ((ConcurrencyLimiter) ((AdmissionChain) policy).gate(0)).inFlight()
                                + ((ConcurrencyLimiter) ((AdmissionChain) policy).gate(1)).inFlight()),
                // 50 requests for 500 ms: admits, then LEASE_EXHAUSTED, then LEASE_EXPIRED
                new Case("LeaseGate", start -> {
                    LeaseGate gate = new LeaseGate();
                    gate.install(start, new Lease(50, Duration.ofMillis(500)));
                    return gate;
                }, null, (policy, now) -> ((LeaseGate) policy).install(now, new Lease(50, Duration.ofMillis(500)))));
    }

    /**
     * Drives {@code policy} through a fixed script: one request every 3 ms for 900 ms, at most 7
     * requests held, the oldest completed with success, dropped or ignored in turn.
     *
     * @param extraTries  further tries right after each rejection, which must all be rejected
     * @param completions how many times each permit is completed (the extra ones must be ignored)
     * @return the admitted / rejected outcome of each scripted request
     */
    private static List<Boolean> runScript(AdmissionPolicy policy, int extraTries, int completions) {
        return runScript(policy, extraTries, completions, false);
    }

    /** As above; with {@code viaClock}, each request asks {@code tryAcquire(NanoClock)} instead. */
    private static List<Boolean> runScript(AdmissionPolicy policy, int extraTries, int completions, boolean viaClock) {
        List<Boolean> outcomes = new ArrayList<>();
        ArrayDeque<Permit> held = new ArrayDeque<>();
        for (int step = 0; step < 300; step++) {
            long now = START + step * 3 * MS;
            Decision decision = viaClock ? acquireReadingClockAtMostOnce(policy, now) : policy.tryAcquire(now);
            outcomes.add(decision.isAdmitted());
            if (decision.isAdmitted()) {
                held.add(decision.permit());
            } else {
                for (int i = 0; i < extraTries; i++) {
                    assertThat(policy.tryAcquire(now).reason()).isEqualTo(decision.reason());
                }
            }
            if (held.size() > 6 || step % 4 == 0) {
                Permit oldest = held.poll();
                if (oldest != null) {
                    complete(oldest, step, now, completions);
                }
            }
        }
        long end = START + 900 * MS;
        int step = 0;
        while (!held.isEmpty()) {
            complete(held.poll(), step++, end, completions);
        }
        return outcomes;
    }

    private static Decision acquireReadingClockAtMostOnce(AdmissionPolicy policy, long now) {
        int[] reads = {0};
        NanoClock clock = () -> {
            reads[0]++;
            return now;
        };
        Decision decision = policy.tryAcquire(clock);
        assertThat(reads[0]).as("clock reads for one decision").isLessThanOrEqualTo(1);
        return decision;
    }

    private static void complete(Permit permit, int step, long now, int times) {
        for (int i = 0; i < times; i++) {
            switch (step % 3) {
                case 0 -> permit.onSuccess(now);
                case 1 -> permit.onDropped(now);
                default -> permit.onIgnore();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void admitsAndRejectsWithConsistentDecisions(Case policyCase) {
        AdmissionPolicy policy = policyCase.factory().apply(START);
        Decision decision;
        int admitted = 0;
        while ((decision = policy.tryAcquire(START)).isAdmitted()) {
            assertThat(decision.reason()).isNull();
            assertThat(decision.permit()).isSameAs(decision);
            admitted++;
            assertThat(admitted).isLessThan(1_000);
        }
        assertThat(admitted).isPositive();
        assertThat(decision.reason()).isNotNull();
        Decision rejection = decision;
        assertThatThrownBy(rejection::permit).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void rejectionConsumesNothing(Case policyCase) {
        List<Boolean> plain = runScript(policyCase.factory().apply(START), 0, 1);
        List<Boolean> hammered = runScript(policyCase.factory().apply(START), 10, 1);
        assertThat(plain).contains(true, false);
        assertThat(hammered).isEqualTo(plain);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void theClockFormDecidesAsTheTimeFormAndReadsTheClockAtMostOnce(Case policyCase) {
        List<Boolean> byTime = runScript(policyCase.factory().apply(START), 0, 1, false);
        List<Boolean> byClock = runScript(policyCase.factory().apply(START), 0, 1, true);
        assertThat(byTime).contains(true, false);
        assertThat(byClock).isEqualTo(byTime);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void secondCompletionOfAPermitIsIgnored(Case policyCase) {
        List<Boolean> once = runScript(policyCase.factory().apply(START), 0, 1);
        List<Boolean> twice = runScript(policyCase.factory().apply(START), 0, 2);
        assertThat(twice).isEqualTo(once);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void inFlightReturnsToZeroOnEveryCompletionPathAndThePolicyAdmitsAgain(Case policyCase) {
        AdmissionPolicy policy = policyCase.factory().apply(START);
        runScript(policy, 3, 2);
        if (policyCase.inFlight() != null) {
            assertThat(policyCase.inFlight().of(policy)).isZero();
        }
        policyCase.renewal().renew(policy, START + 2_000 * MS);
        assertThat(policy.tryAcquire(START + 2_000 * MS).isAdmitted()).isTrue();
    }
}
