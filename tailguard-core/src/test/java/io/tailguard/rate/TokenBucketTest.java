package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private static final long MS = 1_000_000L;

    @Test
    void admitsExactly199InFirstSecondAnd100PerSecondAfterForArrivalsEvery5Ms() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(100, 100, Duration.ofSeconds(1)), 0L);
        int[] admittedPerSecond = new int[5];
        for (long t = 0; t < 5_000 * MS; t += 5 * MS) {
            if (bucket.tryAcquire(t).isAdmitted()) {
                admittedPerSecond[(int) (t / 1_000 / MS)]++;
            }
        }
        assertThat(admittedPerSecond).containsExactly(199, 100, 100, 100, 100);
    }

    @Test
    void startsFullAndRejectsWhenEmptyWithRateLimited() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(3, 1, Duration.ofSeconds(1)), 0L);
        assertThat(bucket.availableTokens(0)).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(bucket.tryAcquire(0)).isSameAs(Permit.noop());
        }
        assertThat(bucket.tryAcquire(0).reason()).isEqualTo(RejectReason.RATE_LIMITED);
        assertThat(bucket.availableTokens(0)).isZero();
    }

    @Test
    void refillsOneTokenPerIntervalAndNeverAboveCapacity() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(2, 1, Duration.ofMillis(10)), 0L);
        assertThat(bucket.tryAcquire(0, 2)).isTrue();
        assertThat(bucket.tryAcquire(10 * MS - 1).isAdmitted()).isFalse();
        assertThat(bucket.tryAcquire(10 * MS).isAdmitted()).isTrue();
        assertThat(bucket.availableTokens(1_000 * MS)).isEqualTo(2);
        assertThat(bucket.tryAcquire(1_000 * MS, 2)).isTrue();
        assertThat(bucket.tryAcquire(1_000 * MS).isAdmitted()).isFalse();
    }

    @Test
    void initialTokensBelowCapacityFillUpAtTheRefillRate() {
        TokenBucket bucket = new TokenBucket(
                TokenBucketConfig.of(10, 1, Duration.ofMillis(1)).withInitialTokens(0), 0L);
        assertThat(bucket.tryAcquire(0).isAdmitted()).isFalse();
        assertThat(bucket.availableTokens(5 * MS)).isEqualTo(5);
        assertThat(bucket.availableTokens(50 * MS)).isEqualTo(10);
    }

    @Test
    void rejectsRequestsForMoreThanCapacityWithoutTakingAnything() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(5, 1, Duration.ofSeconds(1)), 0L);
        assertThat(bucket.tryAcquire(0, 6)).isFalse();
        assertThat(bucket.tryAcquire(0, 4)).isTrue();
        assertThat(bucket.tryAcquire(0, 2)).isFalse();
        assertThat(bucket.availableTokens(0)).isEqualTo(1);
        assertThatThrownBy(() -> bucket.tryAcquire(0, 0))
                .hasMessage("permits must be >= 1 but was 0");
    }

    @Test
    void billionTokensAtAFractionalIntervalArriveAtTheExactNanosecond() {
        // 3 tokens per 10 ns: token one billion is due at 10^10 / 3 = 3333333333.33 ns.
        TokenBucket bucket = new TokenBucket(
                TokenBucketConfig.of(2_000_000_000L, 3, Duration.ofNanos(10)).withInitialTokens(0), 0L);
        assertThat(bucket.tryAcquire(3_333_333_333L, 1_000_000_000L)).isFalse();
        assertThat(bucket.availableTokens(3_333_333_333L)).isEqualTo(999_999_999L);
        assertThat(bucket.tryAcquire(3_333_333_334L, 1_000_000_000L)).isTrue();
        assertThat(bucket.availableTokens(3_333_333_334L)).isZero();
    }

    @Test
    void takingEverythingAtIrregularInstantsSumsToTheClosedFormCount() {
        long start = Long.MAX_VALUE - 1_000_000L; // elapsed time wraps past Long.MAX_VALUE
        TokenBucket bucket = new TokenBucket(
                TokenBucketConfig.of(1L << 40, 7, Duration.ofNanos(33)).withInitialTokens(0), start);
        long taken = 0;
        long elapsed = 0;
        for (int i = 0; i < 10_000; i++) {
            elapsed += 1_000_003L + i * 17L;
            long available = bucket.availableTokens(start + elapsed);
            if (available > 0) {
                assertThat(bucket.tryAcquire(start + elapsed, available)).isTrue();
                taken += available;
            }
            assertThat(bucket.tryAcquire(start + elapsed).isAdmitted()).isFalse();
        }
        assertThat(taken).isEqualTo(Math.floorDiv(elapsed * 7, 33));
        assertThat(taken).isGreaterThan(1_000_000_000L);
    }

    @Test
    void tenMillionRequestsAtTheExactRateAreAllAdmittedAndOneNanosecondEarlyIsNot() {
        // Capacity 1, 3 tokens per 10 ns: token i is due at ceil(10 i / 3) ns.
        long start = -4_000_000_000_000L;
        TokenBucket bucket = new TokenBucket(
                TokenBucketConfig.of(1, 3, Duration.ofNanos(10)).withInitialTokens(0), start);
        for (long i = 1; i <= 10_000_000L; i++) {
            long due = start + Math.floorDiv(10 * i + 2, 3);
            if (bucket.tryAcquire(due - 1).isAdmitted() || !bucket.tryAcquire(due).isAdmitted()) {
                throw new AssertionError("drift at token " + i);
            }
        }
    }

    @Test
    void reportsExactlyHowLongUntilTokensAreAvailable() {
        // 3 tokens per 10 ns, empty at start 7: token k is due at start + ceil(10 k / 3).
        long start = 7;
        TokenBucket bucket = new TokenBucket(
                TokenBucketConfig.of(5, 3, Duration.ofNanos(10)).withInitialTokens(0), start);
        assertThat(bucket.nanosUntilAvailable(start, 1)).isEqualTo(4);
        assertThat(bucket.nanosUntilAvailable(start, 2)).isEqualTo(7);
        assertThat(bucket.nanosUntilAvailable(start, 3)).isEqualTo(10);
        assertThat(bucket.nanosUntilAvailable(start + 7, 2)).isZero();
        assertThat(bucket.nanosUntilAvailable(start, 6)).isEqualTo(Long.MAX_VALUE);
        for (long t = start; t < start + 40; t++) {
            long wait = bucket.nanosUntilAvailable(t, 4);
            assertThat(bucket.availableTokens(t + wait)).isGreaterThanOrEqualTo(4);
            if (wait > 0) {
                assertThat(bucket.availableTokens(t + wait - 1)).isLessThan(4);
            }
        }
    }

    @Test
    void waitAfterTakingEverythingIsOneEmissionInterval() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(100, 100, Duration.ofSeconds(1)), -1L);
        assertThat(bucket.tryAcquire(-1L, 100)).isTrue();
        assertThat(bucket.nanosUntilAvailable(-1L, 1)).isEqualTo(10 * MS);
        assertThat(bucket.nanosUntilAvailable(4 * MS - 1, 1)).isEqualTo(6 * MS);
    }

    @Test
    void oneAMinuteWithBurstOneWaitsSixtySecondsAfterATakeAtAnyPhase() {
        long second = 1_000 * MS;
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(1, 1, Duration.ofMinutes(1)), 0L);
        long idle = 7 * 3_600 * second;
        for (long phase : new long[] {0, 1, 59 * second, 59 * second + 999 * MS, 30 * second + 7}) {
            long taken = idle + phase; // a full bucket, long idle, at an arbitrary phase of the minute
            assertThat(bucket.tryAcquire(taken).isAdmitted()).as("phase %d", phase).isTrue();
            assertThat(bucket.tryAcquire(taken + second).isAdmitted()).as("phase %d", phase).isFalse();
            assertThat(bucket.nanosUntilAvailable(taken + second, 1)).isEqualTo(59 * second);
            assertThat(bucket.tryAcquire(taken + 60 * second - 1).isAdmitted()).isFalse();
            assertThat(bucket.tryAcquire(taken + 60 * second).isAdmitted()).isTrue();
            idle = taken + 60 * second + 3_600 * second;
        }
    }

    @Test
    void oneAnHourRefusesForTheWholeHourAfterATakeStraddlingAnHourBoundary() {
        long hour = 3_600_000 * MS;
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(1, 1, Duration.ofHours(1)), 0L);
        assertThat(bucket.tryAcquire(5 * hour - 500 * MS).isAdmitted()).isTrue();
        assertThat(bucket.tryAcquire(5 * hour + 500 * MS).isAdmitted()).isFalse();
        assertThat(bucket.nanosUntilAvailable(5 * hour + 500 * MS, 1)).isEqualTo(hour - 1_000 * MS);
    }

    @Test
    void aFullBucketAtAFractionalIntervalRestartsWithinOneTickOfTheArrival() {
        // 3 tokens per 10 ns: T = 10/3 ns = 3 ticks of 10/9 ns; arrival 5 ns falls in tick 4 (4.44 ns).
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(1, 3, Duration.ofNanos(10)), 0L);
        assertThat(bucket.tryAcquire(5).isAdmitted()).isTrue();
        // the next token is due at tick 7, 7.78 ns: the first whole nanosecond in it is 8
        assertThat(bucket.nanosUntilAvailable(5, 1)).isEqualTo(3);
        assertThat(bucket.tryAcquire(7).isAdmitted()).isFalse();
        assertThat(bucket.tryAcquire(8).isAdmitted()).isTrue();
    }

    @Test
    void configRejectsInvalidValuesWithNamedMessages() {
        assertThatThrownBy(() -> TokenBucketConfig.of(0, 1, Duration.ofSeconds(1)))
                .hasMessage("capacity must be >= 1 but was 0");
        assertThatThrownBy(() -> TokenBucketConfig.of(1, 0, Duration.ofSeconds(1)))
                .hasMessage("refillTokens must be >= 1 but was 0");
        assertThatThrownBy(() -> TokenBucketConfig.of(1, 1, Duration.ZERO))
                .hasMessage("refillPeriod must be > 0 but was PT0S");
        assertThatThrownBy(() -> TokenBucketConfig.of(5, 1, Duration.ofSeconds(1)).withInitialTokens(6))
                .hasMessage("initialTokens must be between 0 and 5 but was 6");
        assertThatThrownBy(() -> TokenBucketConfig.of(5, 11, Duration.ofNanos(10)))
                .hasMessageStartingWith("refillTokens must be <= refillPeriod in nanoseconds (10");
        assertThatThrownBy(() -> TokenBucketConfig.of(54_000, 1, Duration.ofDays(1)))
                .hasMessage("capacity × refillPeriod / refillTokens must be <= 2^62 ns (146 years to refill from "
                        + "empty) but was 54000 × PT24H / 1");
    }
}
