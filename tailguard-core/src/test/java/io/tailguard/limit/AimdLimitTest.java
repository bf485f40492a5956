package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.Decision;
import io.tailguard.testing.Threads;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AimdLimitTest {

    private static final long MS = 1_000_000L;

    private static AimdLimit limit() {
        return new AimdLimit(new AimdLimitConfig(10, 5, 20, 0.5, Duration.ofSeconds(1)));
    }

    @Test
    void growsByOnePerSuccessWhileAtLeastHalfTheLimitIsInUse() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 5, false)).isEqualTo(11);
        assertThat(limit.update(0, 10 * MS, 11, false)).isEqualTo(12);
    }

    @Test
    void doesNotGrowWhileMostlyIdle() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 4, false)).isEqualTo(10);
    }

    @Test
    void backsOffMultiplicativelyOnDropOrTimeoutDownToTheFloor() {
        AimdLimit limit = limit();
        assertThat(limit.update(0, 10 * MS, 10, true)).isEqualTo(5);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, 10, false);
        }
        assertThat(limit.limit()).isEqualTo(15);
        assertThat(limit.update(0, 1_001 * MS, 10, false)).isEqualTo(7);
        assertThat(limit.update(0, 10 * MS, 10, true)).isEqualTo(5);
    }

    @Test
    void neverGrowsPastTheCeiling() {
        AimdLimit limit = limit();
        for (int i = 0; i < 100; i++) {
            limit.update(0, MS, 100, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
        assertThat(limit.maxLimit()).isEqualTo(20);
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new AimdLimitConfig(10, 5, 20, 1.0, Duration.ofSeconds(1)))
                .hasMessage("backoffRatio must be >= 0.5 and < 1 but was 1.0");
        assertThatThrownBy(() -> new AimdLimitConfig(30, 5, 20, 0.9, Duration.ofSeconds(1)))
                .hasMessage("initialLimit must be between 5 and 20 but was 30");
        assertThatThrownBy(() -> new AimdLimitConfig(10, 5, 4, 0.9, Duration.ofSeconds(1)))
                .hasMessage("maxLimit must be between 5 and 2147483647 but was 4");
    }

    private static AimdLimit latencyAware() {
        return new AimdLimit(new AimdLimitConfig(10, 1, 100, 0.5, Duration.ofSeconds(1), 2.0, Duration.ofSeconds(1)));
    }

    /** Feeds 20 calm samples of 10 ms, one a millisecond from time 0, so the baseline is 10 ms; returns the time after. */
    private static long calm(AimdLimit limit) {
        long now = 0;
        for (int i = 0; i < 20; i++, now += MS) {
            limit.update(now, 10 * MS, 1, false);
        }
        return now;
    }

    @Test
    void backsOffWhenTheRttAverageExceedsTheToleranceOverTheBaselineOncePerRtt() {
        AimdLimit limit = latencyAware();
        long now = calm(limit);
        assertThat(limit.baselineRttNanos()).isEqualTo(10.0 * MS);
        int before = limit.limit();
        // samples of 50 ms push the short average past 20 ms on the third (10, 14, 17.6, 20.8 ms):
        // two grow the limit, then one back-off, none again until a short RTT has passed, no growth
        for (int i = 0; i < 10; i++, now += 100_000L) {
            limit.update(now, 50 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isEqualTo((before + 2) / 2);
        limit.update(now + 40 * MS, 50 * MS, limit.limit(), false);
        assertThat(limit.limit()).isEqualTo((before + 2) / 4);
    }

    @Test
    void aLuckyFastSampleDoesNotPoisonTheBaseline() {
        AimdLimit limit = latencyAware();
        long now = calm(limit);
        limit.update(now, 100_000L, 1, false); // one response in 0.1 ms
        assertThat(limit.baselineRttNanos()).isGreaterThan(8.9 * MS);
        // RTTs of 15 ms (1.5 × the true baseline) keep growing the limit: nothing backs off
        int before = limit.limit();
        for (int i = 0; i < 20; i++, now += MS) {
            limit.update(now, 15 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isEqualTo(before + 20);
    }

    @Test
    void steadyOverloadCannotDriftTheBaselineOrTheLimitUpward() {
        AimdLimit limit = latencyAware();
        int highest = SaturatedService.highestLimit(limit, 600_000); // ten minutes
        assertThat(limit.baselineRttNanos()).isLessThanOrEqualTo(12.5 * MS);
        assertThat(highest).isLessThanOrEqualTo(40);
    }

    @Test
    void dropsAndTimeoutsStayOutOfTheBaseline() {
        AimdLimit limit = latencyAware();
        long now = calm(limit);
        for (int i = 0; i < 50; i++, now += MS) {
            limit.update(now, 10_000L, 1, true); // fast errors
            limit.update(now, 2_000 * MS, 1, false); // past the timeout
        }
        assertThat(limit.baselineRttNanos()).isEqualTo(10.0 * MS);
    }

    @Test
    void aFastFirstResponseDoesNotHoldTheLimitDown() {
        // the first sample used to be the baseline: against 3 ms, RTTs of 8 ms read as over twice
        // it and the limit backed off until a calm window re-measured it (goodput lost under fast
        // errors, where no queue ever forms)
        AimdLimit limit = latencyAware();
        long now = 0;
        limit.update(now, 3 * MS, limit.limit(), false);
        for (int i = 1; i < 50; i++, now += MS) {
            limit.update(now, 8 * MS, limit.limit(), false);
        }
        // nothing moves for nine samples, then one per busy success from the tenth on
        assertThat(limit.limit()).isEqualTo(10 + 41);
        assertThat(limit.baselineRttNanos()).isEqualTo((3 + 9 * 8) / 10.0 * MS);
    }

    @Test
    void neitherGrowsNorBacksOffOnLatencyBeforeTenSamples() {
        AimdLimit limit = latencyAware();
        for (int i = 0; i < 9; i++) {
            assertThat(limit.update(i * MS, (i % 2 == 0 ? 1 : 100) * MS, limit.limit(), false)).isEqualTo(10);
        }
        assertThat(limit.baselineRttNanos()).isZero();
        // the loss rule does not wait
        assertThat(limit.update(9 * MS, MS, 10, true)).isEqualTo(5);
    }

    @Test
    void theLossOnlyConstructorHasNoLatencyRule() {
        AimdLimit limit = limit();
        limit.update(0, MS, 10, false);
        assertThat(limit.update(MS, 900 * MS, 11, false)).isEqualTo(12);
    }

    @Test
    void withoutTheLatencyRuleConcurrentSamplesAreNoneLost() throws Exception {
        // loss-only: fed without a lock, each sample applied to the limit by compare-and-set
        AimdLimit limit = new AimdLimit(new AimdLimitConfig(10, 1, 10_000_000, 0.9, Duration.ofSeconds(5)));
        int perThread = 200_000;
        Threads.runTogether(2, thread -> {
            for (int i = 0; i < perThread; i++) {
                limit.update(i, 1_000L, Integer.MAX_VALUE, false); // every sample grows the limit by one
            }
        });
        assertThat(limit.limit()).isEqualTo(10 + 2 * perThread);
    }

    @Test
    void aLimiterOverALossOnlyAimdEnforcesTheLimitItsEstimatorHolds() {
        AimdLimit aimd = new AimdLimit(new AimdLimitConfig(4, 1, 100, 0.5, Duration.ofSeconds(5)));
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(aimd);
        Decision first = limiter.tryAcquire(0L);
        first.permit().onDropped(10L); // 4 -> 2
        assertThat(aimd.limit()).isEqualTo(2);
        assertThat(limiter.limit()).isEqualTo(2);
        assertThat(limiter.tryAcquire(20L).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(20L).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(20L).isAdmitted()).isFalse();
    }
}
