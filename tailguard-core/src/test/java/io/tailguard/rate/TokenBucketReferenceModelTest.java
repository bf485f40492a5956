package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bucket against {@link GcraModel}, a plain GCRA in {@code BigInteger} arithmetic, decision for
 * decision, retry time for retry time and token count for token count, over seeded random traffic
 * at rates from one a day to 10^6 a second: bursts at one instant, arrivals around the emission
 * interval, stale callers a little in the past, and idle gaps from many intervals up to months.
 */
class TokenBucketReferenceModelTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long DAY = 86_400L * SECOND;
    private static final long[] PERIODS = {SECOND, 60 * SECOND, 3_600 * SECOND, DAY};

    @Test
    void everyDecisionRetryTimeAndCountMatchesBigIntegerGcra() {
        SplittableRandom random = new SplittableRandom(20261201L);
        int nanosecondTicks = 0;
        for (int bucketIndex = 0; bucketIndex < 300; bucketIndex++) {
            long periodNanos;
            long tokens;
            switch (bucketIndex % 3) {
                case 0 -> { // a whole emission interval from 1 µs to one day: GCRA on the nanosecond clock
                    long intervalNanos = 1_000L + random.nextLong(random.nextBoolean() ? 10_000_000L : DAY);
                    tokens = 1 + random.nextLong(100);
                    periodNanos = intervalNanos * tokens;
                }
                case 1 -> { // n per second, minute, hour or day, from 1/day to 10^6/s
                    periodNanos = PERIODS[random.nextInt(PERIODS.length)];
                    tokens = 1 + random.nextLong(random.nextBoolean() ? 100 : maxTokens(periodNanos));
                }
                default -> { // any period and count up to 10^6/s
                    periodNanos = 1_000L + random.nextLong(DAY);
                    tokens = 1 + random.nextLong(maxTokens(periodNanos));
                }
            }
            long intervalNanos = periodNanos / tokens;
            long capacity = 1 + random.nextLong(random.nextBoolean() ? 3 : Math.min(1_000, (1L << 50) / intervalNanos));
            long initial = random.nextLong(capacity + 1);
            long start = random.nextLong();
            TokenBucketConfig config = new TokenBucketConfig(capacity, tokens, Duration.ofNanos(periodNanos), initial);
            TokenBucket bucket = new TokenBucket(config, start);
            GcraModel model = new GcraModel(capacity, tokens, periodNanos, initial);
            if (model.nanosecondTicks()) {
                nanosecondTicks++;
            }
            replay(random, bucket, model, start, intervalNanos, capacity, "bucket " + bucketIndex + " " + config);
        }
        assertThat(nanosecondTicks).as("buckets checked against GCRA on the nanosecond clock").isGreaterThan(100);
    }

    /** At most 10^6 a second, and few enough that period × tokens fits a long even when coprime. */
    private static long maxTokens(long periodNanos) {
        return Math.min(periodNanos / 1_000L, Long.MAX_VALUE / periodNanos);
    }

    private static void replay(SplittableRandom random, TokenBucket bucket, GcraModel model, long start,
                               long intervalNanos, long capacity, String name) {
        long elapsed = 0;
        for (int i = 0; i < 2_000; i++) {
            int kind = random.nextInt(20);
            long step;
            if (kind == 0) { // idle: many intervals, up to about a month, well inside 2^62 ns in all
                step = random.nextLong(Math.min(30 * DAY, 1_000 * capacity * intervalNanos) + 1);
            } else if (kind == 1) {
                step = -random.nextLong(intervalNanos + 1); // a stale caller
            } else if (kind < 5) {
                step = 0; // a burst at one instant
            } else {
                step = random.nextLong(2 * intervalNanos + 2);
            }
            elapsed += step;
            long permits = 1 + random.nextLong(random.nextBoolean() ? 2L : capacity + 1);
            String at = name + " decision " + i + " at " + elapsed;
            assertThat(bucket.nanosUntilAvailable(start + elapsed, permits)).as(at)
                    .isEqualTo(model.nanosUntilAvailable(elapsed, permits));
            assertThat(bucket.tryAcquire(start + elapsed, permits)).as(at)
                    .isEqualTo(model.tryAcquire(elapsed, permits));
            assertThat(bucket.availableTokens(start + elapsed)).as(at).isEqualTo(model.availableTokens(elapsed));
        }
    }
}
