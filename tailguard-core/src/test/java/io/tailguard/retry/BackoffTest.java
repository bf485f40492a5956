package io.tailguard.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final long MS = 1_000_000L;

    @Test
    void aFixedBackoffWaitsTheSameBeforeEveryRetryAndDrawsNothing() {
        Backoff b = Backoff.fixed(Duration.ofMillis(50));
        assertThat(b.delayNanos(1, null)).isEqualTo(50 * MS);
        assertThat(b.delayNanos(4, null)).isEqualTo(50 * MS);
    }

    @Test
    void exponentialGrowthIsCappedBeforeJitter() {
        Backoff b = new Backoff(Duration.ofMillis(10), 2.0, Duration.ofMillis(50), Backoff.Jitter.NONE);
        assertThat(b.delayNanos(1, null)).isEqualTo(10 * MS);
        assertThat(b.delayNanos(3, null)).isEqualTo(40 * MS);
        assertThat(b.delayNanos(4, null)).isEqualTo(50 * MS);
    }

    @Test
    void fullJitterStaysBelowTheDelayAndRepeatsForTheSameSeed() {
        Backoff b = Backoff.exponentialFullJitter(Duration.ofMillis(100), 2.0, Duration.ofSeconds(1));
        SplittableRandom one = new SplittableRandom(7);
        SplittableRandom two = new SplittableRandom(7);
        long distinct = 0;
        long previous = -1;
        for (int i = 0; i < 100; i++) {
            long d = b.delayNanos(2, one);
            assertThat(d).isBetween(0L, 200 * MS - 1).isEqualTo(b.delayNanos(2, two));
            distinct += d != previous ? 1 : 0;
            previous = d;
        }
        assertThat(distinct).isGreaterThan(90);
    }

    @Test
    void equalJitterKeepsAtLeastHalfTheDelay() {
        Backoff b = new Backoff(Duration.ofMillis(100), 1.0, Duration.ofMillis(100), Backoff.Jitter.EQUAL);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            assertThat(b.delayNanos(1, random)).isBetween(50 * MS, 100 * MS - 1);
        }
    }

    @Test
    void rejectsAShrinkingMultiplier() {
        assertThatThrownBy(() -> new Backoff(Duration.ofMillis(1), 0.5, Duration.ofMillis(1), Backoff.Jitter.NONE))
                .hasMessage("multiplier must be >= 1 but was 0.5");
    }
}
