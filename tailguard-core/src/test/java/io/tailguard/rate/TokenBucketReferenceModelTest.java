package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bucket against a one-line model in {@link BigInteger} arithmetic: tokens produced after
 * {@code e} ns are {@code floor(e × refillTokens / period)}; a request for {@code p} tokens is
 * admitted iff at most {@code capacity − p} tokens are owed, and taking from a full bucket restarts
 * the count from now. Random configurations, times (including stale, earlier ones) and sizes.
 * Elapsed times stay below 2^63 (2,000 steps of at most 2^51 ns for the long periods).
 */
class TokenBucketReferenceModelTest {

    @Test
    void everyDecisionMatchesTheExactBigIntegerModel() {
        SplittableRandom random = new SplittableRandom(20261121L);
        for (int bucketIndex = 0; bucketIndex < 200; bucketIndex++) {
            // A third of the buckets refill over periods beyond 2^50 ns, where the bucket counts
            // tokens with 128-bit products instead of the cheap estimate.
            boolean longPeriod = bucketIndex % 3 == 0;
            long periodNanos = longPeriod ? (1L << 50) + random.nextLong(1L << 56)
                    : 1 + random.nextLong(random.nextBoolean() ? 1_000L : 10_000_000_000L);
            long refillTokens = 1 + random.nextLong(longPeriod ? 7L : Math.min(periodNanos, 1_000_000L));
            long capacity = 1 + random.nextLong(random.nextBoolean() ? 10L : 1L << 40);
            long initial = random.nextLong(capacity + 1);
            long start = random.nextLong();
            TokenBucket bucket = new TokenBucket(
                    new TokenBucketConfig(capacity, refillTokens, Duration.ofNanos(periodNanos), initial), start);

            BigInteger tokens = BigInteger.valueOf(refillTokens);
            BigInteger period = BigInteger.valueOf(periodNanos);
            long next = capacity - initial; // index of the next token to take, as in the bucket
            long elapsed = 0;
            for (int i = 0; i < 2_000; i++) {
                long step = random.nextLong(longPeriod ? 1L << 51 : 2 * periodNanos / refillTokens + 2);
                elapsed += random.nextInt(8) == 0 ? -random.nextLong(step + 1) : step;
                long permits = 1 + random.nextLong(random.nextBoolean() ? 2L : capacity + 1);
                long produced = BigInteger.valueOf(elapsed).multiply(tokens)
                        .divide(period).longValue(); // elapsed >= -step, so check the floor below
                if (BigInteger.valueOf(produced).multiply(period)
                        .compareTo(BigInteger.valueOf(elapsed).multiply(tokens)) > 0) {
                    produced--;
                }
                boolean expected = permits <= capacity && produced >= next + permits - capacity;
                if (expected) {
                    next = produced > next ? produced + permits : next + permits;
                }
                assertThat(bucket.tryAcquire(start + elapsed, permits))
                        .as("bucket %d decision %d", bucketIndex, i).isEqualTo(expected);
            }
        }
    }
}
