package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Gradient2LimitTest {

    private static final long MS = 1_000_000L;

    private static Gradient2Limit limit(double dropBackoffRatio) {
        return new Gradient2Limit(new Gradient2LimitConfig(20, 10, 200, 0.2, 1.5, 4, dropBackoffRatio));
    }

    @Test
    void growsOncePerShortRttWhileLatencyIsSteadyAndTheLimitIsInUse() {
        Gradient2Limit limit = limit(0.9);
        // 50 samples within one RTT grow the limit once (queueSize 4 × smoothing 0.2), not 50 times
        for (int i = 0; i < 50; i++) {
            limit.update(i * 100_000L, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isEqualTo(20);
        for (int i = 1; i <= 50; i++) {
            limit.update(i * 10 * MS, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isEqualTo(60);
    }

    @Test
    void doesNotMoveOnLatencyBeforeTheRttAverageHasTenSamples() {
        Gradient2Limit limit = limit(0.9);
        for (int i = 0; i < 9; i++) {
            // a fast first response, then RTTs far over it: no verdict yet, so no cut
            limit.update(i * 10 * MS, (i == 0 ? 1 : 100) * MS, limit.limit(), false);
            assertThat(limit.limit()).isEqualTo(20);
        }
        assertThat(limit.longRttNanos()).isZero();
        // a drop is no latency verdict: it acts at once
        assertThat(limit.update(90 * MS, MS, 20, true)).isEqualTo(18);
    }

    @Test
    void steadyOverloadCannotDriftTheBaselineOrTheLimitUpward() {
        // a long average of RTT follows the queue and lets the limit climb to the ceiling; our
        // baseline may rise only at the floor, so the limit settles
        Gradient2Limit limit = limit(1.0);
        int highest = SaturatedService.highestLimit(limit, 600_000); // ten minutes
        assertThat(highest).isLessThanOrEqualTo(40); // the first RTT, 25 ms at 20 in flight, is the baseline
        assertThat(limit.longRttNanos()).isLessThanOrEqualTo(25.0 * MS);
    }

    @Test
    void aSlowerServiceIsFollowedOnceTheLimitSitsAtItsFloor() {
        Gradient2Limit limit = limit(1.0);
        long now = 0;
        for (int i = 0; i < 100; i++, now += MS) {
            limit.update(now, 10 * MS, 3, false);
        }
        for (int i = 0; i < 5_000; i++, now += MS) {
            limit.update(now, 20 * MS, limit.limit(), false);
        }
        assertThat(limit.longRttNanos()).isEqualTo(20.0 * MS, org.assertj.core.data.Offset.offset(1.0));
        for (int i = 0; i < 100; i++, now += 20 * MS) {
            limit.update(now, 20 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThan(10); // grows again over the new baseline
    }

    @Test
    void aLuckyFastSampleMovesTheBaselineByATenthAtMost() {
        Gradient2Limit limit = limit(1.0);
        long now = 0;
        for (int i = 0; i < 100; i++, now += MS) {
            limit.update(now, 10 * MS, limit.limit(), false);
        }
        int before = limit.limit();
        limit.update(now, 100_000L, limit.limit(), false); // one response in 0.1 ms
        assertThat(limit.longRttNanos()).isGreaterThan(8.9 * MS);
        for (int i = 0; i < 100; i++, now += MS) {
            limit.update(now, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThanOrEqualTo(before);
    }

    @Test
    void aLatencyJumpPastTwiceTheToleranceHalvesTheLimitWithoutSmoothing() {
        Gradient2Limit limit = limit(1.0);
        long now = 0;
        for (int i = 0; i < 100; i++, now += 10 * MS) {
            limit.update(now, 10 * MS, limit.limit(), false);
        }
        int steady = limit.limit();
        // the short average passes 3 × 10 ms after a few 100 ms samples; each then halves the limit
        for (int i = 0; i < 4; i++, now += MS) {
            limit.update(now, 100 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isLessThanOrEqualTo(steady / 2);
    }

    @Test
    void shrinksWhenLatencyStepsUp() {
        Gradient2Limit limit = limit(1.0);
        for (int i = 0; i < 200; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        int steady = limit.limit();
        for (int i = 0; i < 10; i++) {
            limit.update(0, 40 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isLessThan(steady * 3 / 4);
    }

    @Test
    void doesNotMoveWhileLessThanHalfTheLimitIsInUse() {
        Gradient2Limit limit = limit(0.9);
        for (int i = 0; i < 20; i++) {
            limit.update(0, 10 * MS, 5, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
        assertThat(limit.longRttNanos()).isEqualTo(10.0 * MS);
    }

    @Test
    void dropBacksOffUnlessConfiguredToIgnoreDrops() {
        Gradient2Limit backingOff = limit(0.5);
        Gradient2Limit ignoring = limit(1.0);
        assertThat(backingOff.update(0, 10 * MS, 20, true)).isEqualTo(10);
        assertThat(ignoring.update(0, 10 * MS, 20, true)).isEqualTo(20);
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new Gradient2LimitConfig(20, 10, 200, 0.2, 0.9, 4, 1.0))
                .hasMessage("rttTolerance must be >= 1 and finite but was 0.9");
        assertThatThrownBy(() -> new Gradient2LimitConfig(20, 10, 200, 0.2, 1.5, -1, 1.0))
                .hasMessage("queueSize must be between 0 and 2147483647 but was -1");
    }
}
