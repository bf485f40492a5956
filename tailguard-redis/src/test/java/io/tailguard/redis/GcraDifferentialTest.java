package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Replays one seeded request sequence through core's {@link TokenBucket} and the Redis bucket in
 * caller-clock mode, at rates from one a day to 999,983 a second, with idle gaps of up to a
 * month: every decision, remaining count and wait must be the same, also for the refusals the
 * Redis bucket answers from an earlier one without asking Redis.
 */
class GcraDifferentialTest {

    private static final long MONTH_NANOS = 30L * 86_400 * 1_000_000_000L;

    private static RedisServer server;
    private static RedisLink link;

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
        // a generous timeout: this test compares answers, not latency
        link = RedisLink.connect(server.uri(), RedisLinkConfig.DEFAULT.withTimeout(Duration.ofSeconds(5)));
    }

    @AfterAll
    static void stopRedis() throws Exception {
        RedisServer.stop(server, link);
    }

    @ParameterizedTest(name = "{0} tokens per {1} ms, capacity {2}")
    @CsvSource({
        "100, 1000, 20, 1",
        "7, 3000, 5, 2",
        "1000, 1000, 1, 3",
        "333, 1000, 50, 4",
        "3, 7, 4, 5",           // 3 tokens per 7 ms: steps of 7 ms, tokens at non-integer instants
        "1, 3600000, 3, 6",     // one token an hour
        "1, 86400000, 3, 12",   // one a day: a step of whole microseconds may be that long
        "1, 60000, 1, 7",       // one a minute, burst 1: every admission restarts a full bucket
        "1, 3600000, 1, 8",     // one an hour, burst 1
        "1000, 86400000, 20, 9", // a thousand a day
        "999983, 1000, 7, 10",  // 999,983 a second: an interval of 1000.017 ns, ticks of 1.000017 ns
        "7, 60000, 2, 11"       // 7 a minute: an interval of 8571428571 3/7 ns
    })
    void answersLikeCoreTokenBucket(long tokens, long periodMillis, long capacity, long seed) {
        TokenBucketConfig config = TokenBucketConfig.of(capacity, tokens, Duration.ofMillis(periodMillis));
        TokenBucket core = new TokenBucket(config, 0L);
        RedisTokenBucket redis = new RedisTokenBucket(link, "differential-" + seed,
                new RedisBucketConfig(config, ClockMode.CALLER, DegradedMode.FAIL_CLOSED, 1), 0L);
        SplittableRandom random = new SplittableRandom(seed);
        long intervalNanos = Duration.ofMillis(periodMillis).toNanos() / tokens;
        long now = random.nextLong(0, 1_000_000_000_000L);
        int admitted = 0;
        for (int i = 0; i < 3000; i++) {
            // mostly faster than the rate, with pauses long enough to refill the bucket and idle gaps
            // of up to a thousand refills (at most a month)
            int kind = random.nextInt(50);
            now += kind == 0 ? random.nextLong(Math.min(MONTH_NANOS, 1_000 * intervalNanos * capacity))
                    : kind < 5 ? random.nextLong(intervalNanos * capacity * 2) : random.nextLong(intervalNanos);
            long permits = random.nextInt(8) == 0 ? random.nextLong(1, capacity + 2) : 1L;
            RateDecision decision = redis.tryAcquire(now, permits);
            boolean expected = core.tryAcquire(now, permits);
            String at = "request " + i + " at " + now + " ns for " + permits;
            assertThat(decision.degraded()).as(at).isFalse();
            assertThat(decision.admitted()).as(at).isEqualTo(expected);
            assertThat(decision.remaining()).as(at).isEqualTo(core.availableTokens(now));
            long wait = expected ? 0L : core.nanosUntilAvailable(now, permits);
            assertThat(decision.retryAfterNanos()).as(at).isEqualTo(wait);
            admitted += expected ? 1 : 0;
        }
        assertThat(admitted).as("the sequence exercises both answers").isBetween(100, 2900);
        assertThat(redis.knownRefusals()).as("and refusals answered without a round trip").isPositive();
    }
}
