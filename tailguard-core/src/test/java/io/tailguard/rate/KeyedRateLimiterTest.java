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
        assertThat(limiter.tryAcquire("a", 0)).isZero();
        assertThat(limiter.tryAcquire("a", 0)).isZero();
        assertThat(limiter.tryAcquire("a", S)).isEqualTo(3 * S);
        assertThat(limiter.tryAcquire("b", S)).as("another key is not limited by a's use").isZero();
        assertThat(limiter.tryAcquire("a", 4 * S)).isZero();
    }

    @Test
    void forgetsIdleKeysAndStaysWithinMaxKeys() {
        KeyedRateLimiter<Integer> limiter = new KeyedRateLimiter<>(TokenBucketConfig.of(1, 1, Duration.ofSeconds(60)),
                3, 10 * S);
        for (int key = 0; key < 3; key++) {
            limiter.tryAcquire(key, key * S);
        }
        assertThat(limiter.size()).isEqualTo(3);
        limiter.tryAcquire(1, 5 * S); // 1 is now the most recent; 0 the least
        limiter.tryAcquire(3, 6 * S);
        assertThat(limiter.size()).isEqualTo(3);
        assertThat(limiter.tryAcquire(0, 6 * S)).as("0 was evicted: it comes back with a full bucket").isZero();
        assertThat(limiter.tryAcquire(1, 7 * S)).as("1 was kept: its bucket is still empty").isPositive();
        assertThat(limiter.tryAcquire(9, 30 * S)).isZero();
        assertThat(limiter.size()).as("every other key was idle for 10 s or more").isEqualTo(1);
    }
}
