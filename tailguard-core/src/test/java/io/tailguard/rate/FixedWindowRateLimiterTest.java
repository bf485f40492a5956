package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.RejectReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FixedWindowRateLimiterTest {

    private static final long MS = 1_000_000L;

    private static FixedWindowRateLimiter limiter(int limit, long periodMs, long startNanos) {
        return new FixedWindowRateLimiter(new FixedWindowConfig(limit, Duration.ofMillis(periodMs)), startNanos);
    }

    @Test
    void grantsLimitForPeriodPerCycleThenRejectsWithRateLimited() {
        FixedWindowRateLimiter limiter = limiter(3, 100, 0);
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryAcquire(i * MS).isAdmitted()).isTrue();
        }
        assertThat(limiter.tryAcquire(99 * MS).reason()).isEqualTo(RejectReason.RATE_LIMITED);
        assertThat(limiter.tryAcquire(100 * MS).isAdmitted()).isTrue();
    }

    @Test
    void unusedPermitsDoNotCarryOverToTheNextCycle() {
        FixedWindowRateLimiter limiter = limiter(3, 100, 0);
        assertThat(limiter.availablePermissions(0)).isEqualTo(3);
        assertThat(limiter.tryAcquire(550 * MS, 3)).isTrue();
        assertThat(limiter.tryAcquire(550 * MS).isAdmitted()).isFalse();
        assertThat(limiter.availablePermissions(600 * MS)).isEqualTo(3);
    }

    @Test
    void cyclesAreAlignedToTheCreationTimeEvenWhenNegative() {
        long start = -7 * MS;
        FixedWindowRateLimiter limiter = limiter(1, 10, start);
        assertThat(limiter.tryAcquire(start).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(start + 10 * MS - 1).isAdmitted()).isFalse();
        assertThat(limiter.nextCycleStartNanos(start + 5 * MS)).isEqualTo(start + 10 * MS);
        assertThat(limiter.tryAcquire(start + 10 * MS).isAdmitted()).isTrue();
    }

    @Test
    void callerWithAStaleTimeFromAnEarlierCycleIsRejected() {
        FixedWindowRateLimiter limiter = limiter(2, 10, 0);
        assertThat(limiter.tryAcquire(15 * MS).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(9 * MS).isAdmitted()).isFalse();
        assertThat(limiter.availablePermissions(15 * MS)).isEqualTo(1);
    }

    @Test
    void multiPermitRequestLargerThanWhatIsLeftTakesNothing() {
        FixedWindowRateLimiter limiter = limiter(5, 10, 0);
        assertThat(limiter.tryAcquire(0, 4)).isTrue();
        assertThat(limiter.tryAcquire(0, 2)).isFalse();
        assertThat(limiter.tryAcquire(0, 1)).isTrue();
        assertThatThrownBy(() -> limiter.tryAcquire(0, 0)).hasMessage("permits must be >= 1 but was 0");
    }

    @Test
    void aCycleTwoToThe32CyclesLaterIsANewCycle() {
        FixedWindowRateLimiter limiter = new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofNanos(1)), 0L);
        long later = 1L << 32;
        assertThat(limiter.tryAcquire(0L).isAdmitted()).isTrue();
        assertThat(limiter.availablePermissions(later)).isEqualTo(1);
        assertThat(limiter.tryAcquire(later).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(later).isAdmitted()).isFalse();
        assertThat(limiter.tryAcquire(later + 1, 1)).isTrue();
        assertThat(limiter.tryAcquire(0L).isAdmitted()).isFalse(); // from an earlier epoch: stale
        assertThat(limiter.availablePermissions(0L)).isZero();
        assertThat(limiter.tryAcquire(3 * later + 7).isAdmitted()).isTrue();
        assertThat(limiter.availablePermissions(3 * later + 7)).isZero();
        long farBefore = -(1L << 62) - 1; // more than 2^63 cycles before the current epoch's base
        FixedWindowRateLimiter far = new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofNanos(1)), 0L);
        assertThat(far.tryAcquire(1L << 62).isAdmitted()).isTrue();
        assertThat(far.tryAcquire(farBefore).isAdmitted()).isFalse();
        assertThat(far.tryAcquire(1L << 62).isAdmitted()).isFalse();
    }

    @Test
    void countsExactlyOverAMillionCycles() {
        FixedWindowRateLimiter limiter = limiter(7, 1, Long.MAX_VALUE - 3 * MS);
        long admitted = 0;
        long now = Long.MAX_VALUE - 3 * MS;
        for (int cycle = 0; cycle < 1_000_000; cycle++) {
            while (limiter.tryAcquire(now, 2)) {
                admitted += 2;
            }
            if (limiter.tryAcquire(now).isAdmitted()) {
                admitted++;
            }
            now += MS;
        }
        assertThat(admitted).isEqualTo(7_000_000L);
    }

    @Test
    void configRejectsInvalidValuesWithNamedMessages() {
        assertThatThrownBy(() -> new FixedWindowConfig(0, Duration.ofSeconds(1)))
                .hasMessage("limitForPeriod must be >= 1 but was 0");
        assertThatThrownBy(() -> new FixedWindowConfig(1, Duration.ofSeconds(-1)))
                .hasMessage("refreshPeriod must be > 0 but was PT-1S");
        assertThatThrownBy(() -> new FixedWindowConfig(1, null))
                .hasMessage("refreshPeriod must be non-null but was null");
        assertThatThrownBy(() -> new FixedWindowConfig(1, Duration.ofDays(106_752 * 1_000L)))
                .hasMessageStartingWith("refreshPeriod must be");
        assertThat(new FixedWindowConfig(Integer.MAX_VALUE, Duration.ofNanos(1)).limitForPeriod())
                .isEqualTo(Integer.MAX_VALUE);
        assertThat(new FixedWindowConfig(Integer.MAX_VALUE, Duration.ofSeconds(1)).limitForPeriod())
                .isEqualTo(Integer.MAX_VALUE);
    }
}
