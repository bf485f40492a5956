package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class KeyedRateLimiterTest {

    private static final long S = 1_000_000_000L;

    @Test
    void eachKeyHasItsOwnBucketAndTheWaitIsTheTimeToItsNextToken() {
        KeyedRateLimiter<String> limiter = new KeyedRateLimiter<>(TokenBucketConfig.of(2, 1, Duration.ofSeconds(4)),
                10, 60 * S);
        assertThat(limiter.tryAcquire(0, "a")).isZero();
        assertThat(limiter.tryAcquire(0, "a")).isZero();
        assertThat(limiter.tryAcquire(S, "a")).isEqualTo(3 * S);
        assertThat(limiter.tryAcquire(S, "b")).as("another key is not limited by a's use").isZero();
        assertThat(limiter.tryAcquire(4 * S, "a")).isZero();
    }

    @Test
    void forgetsIdleKeysAndStaysWithinMaxKeys() {
        KeyedRateLimiter<Integer> limiter = new KeyedRateLimiter<>(TokenBucketConfig.of(1, 1, Duration.ofSeconds(60)),
                3, 10 * S);
        for (int key = 0; key < 3; key++) {
            limiter.tryAcquire(key * S, key);
        }
        assertThat(limiter.size()).isEqualTo(3);
        limiter.tryAcquire(5 * S, 1); // 1 is now the most recent; 0 the least
        limiter.tryAcquire(6 * S, 3);
        assertThat(limiter.size()).isEqualTo(3);
        assertThat(limiter.tryAcquire(6 * S, 0)).as("0 was evicted: it comes back with a full bucket").isZero();
        assertThat(limiter.tryAcquire(7 * S, 1)).as("1 was kept: its bucket is still empty").isPositive();
        assertThat(limiter.tryAcquire(30 * S, 9)).isZero();
        assertThat(limiter.size()).as("every other key was idle for 10 s or more").isEqualTo(1);
    }
}
