package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bucket against Bucket4j's greedy refill on the same manual clock. Bucket4j refills
 * continuously and carries the fraction of a token exactly ({@code roundingError}, in token × ns),
 * and a refill that reaches the capacity drops that fraction and restarts from the arrival: GCRA
 * on the nanosecond clock. Where the emission interval is a whole number of nanoseconds, ours is
 * GCRA on the nanosecond clock too, and the two agree decision for decision, in tokens remaining and
 * in the wait for a refused request. They differ where the interval is fractional, for two reasons:
 * ours counts time in ticks of {@code T / floor(T)} ns (so a restart may come up to one tick early,
 * where Bucket4j keeps the exact fraction), and Bucket4j rounds its wait down
 * ({@code (period × deficit − roundingError) / tokens}), so its wait can end a nanosecond before
 * the token is due; ours rounds up to the first nanosecond at which the request is admitted.
 */
class TokenBucketBucket4jTest {

    private static final long SECOND = 1_000_000_000L;

    /** Bucket4j's clock, moved by the test. */
    private static final class ManualTime implements TimeMeter {
        long nanos;

        @Override
        public long currentTimeNanos() {
            return nanos;
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    }

    @Test
    void agreesWithBucket4jGreedyWhereTheIntervalIsWholeNanoseconds() {
        SplittableRandom random = new SplittableRandom(20261202L);
        long[] periods = {SECOND, 60 * SECOND, 3_600 * SECOND, 86_400 * SECOND};
        for (int b = 0; b < 120; b++) {
            long period = periods[b % periods.length];
            long[] divisors = {1, 2, 4, 5, 10, 100, 1_000, 1_000_000};
            long tokens = divisors[random.nextInt(divisors.length)] * (b % 2 == 0 ? 1 : 60 * (1 + b % 3));
            if (period % tokens != 0 || period / tokens < 1_000) {
                tokens = 1 + random.nextLong(10);
                period = tokens * (1_000 + random.nextLong(SECOND));
            }
            long interval = period / tokens;
            long capacity = 1 + random.nextLong(random.nextBoolean() ? 3 : 200);
            long initial = random.nextLong(capacity + 1);
            ManualTime time = new ManualTime();
            time.nanos = random.nextLong(1L << 40);
            long start = time.nanos;
            long cap = capacity;
            long refill = tokens;
            long per = period;
            Bucket peer = Bucket.builder()
                    .addLimit(limit -> limit.capacity(cap).refillGreedy(refill, Duration.ofNanos(per)).initialTokens(initial))
                    .withCustomTimePrecision(time)
                    .build();
            TokenBucket ours = new TokenBucket(new TokenBucketConfig(capacity, tokens, Duration.ofNanos(period), initial), start);
            for (int i = 0; i < 1_000; i++) {
                int kind = random.nextInt(20);
                time.nanos += kind == 0 ? random.nextLong(Math.min(30 * 86_400 * SECOND, 1_000 * capacity * interval))
                        : kind < 4 ? 0 : random.nextLong(2 * interval + 2);
                long permits = 1 + random.nextLong(random.nextBoolean() ? 2 : capacity);
                String at = "bucket " + b + " (" + capacity + ", " + tokens + " per " + period + " ns) decision " + i;
                long wait = ours.nanosUntilAvailable(time.nanos, permits);
                boolean admitted = ours.tryAcquire(time.nanos, permits);
                ConsumptionProbe probe = peer.tryConsumeAndReturnRemaining(permits);
                assertThat(admitted).as(at).isEqualTo(probe.isConsumed());
                assertThat(ours.availableTokens(time.nanos)).as(at).isEqualTo(probe.getRemainingTokens());
                if (!admitted) {
                    assertThat(wait).as(at).isEqualTo(probe.getNanosToWaitForRefill());
                }
            }
        }
    }

    @Test
    void bucket4jsWaitEndsANanosecondEarlyWhereTheIntervalIsFractional() {
        // 3 tokens per second: a token every 333,333,333 1/3 ns.
        ManualTime time = new ManualTime();
        Bucket peer = Bucket.builder()
                .addLimit(limit -> limit.capacity(1).refillGreedy(3, Duration.ofSeconds(1)).initialTokens(0))
                .withCustomTimePrecision(time)
                .build();
        TokenBucket ours = new TokenBucket(new TokenBucketConfig(1, 3, Duration.ofSeconds(1), 0), 0L);
        long peerWait = peer.tryConsumeAndReturnRemaining(1).getNanosToWaitForRefill();
        assertThat(peerWait).isEqualTo(333_333_333L);
        assertThat(ours.nanosUntilAvailable(0, 1)).isEqualTo(333_333_334L);
        time.nanos = peerWait;
        assertThat(peer.tryConsume(1)).isFalse();
        assertThat(ours.tryAcquire(peerWait).isAdmitted()).isFalse();
        time.nanos = peerWait + 1;
        assertThat(peer.tryConsume(1)).isTrue();
        assertThat(ours.tryAcquire(peerWait + 1).isAdmitted()).isTrue();
    }
}
