package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A one-token refusal from Redis is remembered until the token is due: requests meanwhile are
 * refused without a round trip, with the answer Redis would give, and Redis decides again after.
 */
class KnownRefusalTest {

    private static final Pattern SCRIPT_CALLS = Pattern.compile("cmdstat_evalsha:calls=(\\d+)");
    /** 4 tokens a second: one token every 250 ms, a bucket of 2. */
    private static final TokenBucketConfig FOUR_A_SECOND = TokenBucketConfig.of(2, 4, Duration.ofSeconds(1));

    private static RedisServer server;
    private static RedisLink link;
    private static RedisClient admin;
    private static StatefulRedisConnection<String, String> adminConnection;
    private static RedisCommands<String, String> redis;

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
        link = RedisLink.connect(server.uri(), RedisLinkConfig.DEFAULT.withTimeout(Duration.ofSeconds(5)));
        admin = RedisClient.create(server.uri());
        adminConnection = admin.connect();
        redis = adminConnection.sync();
    }

    @AfterAll
    static void stopRedis() {
        if (server == null) {
            return; // skipped: no redis-server
        }
        adminConnection.close();
        admin.shutdown();
        link.close();
        server.close();
    }

    @Test
    void refusesWithoutARoundTripUntilTheTokenIsDueThenAsksRedisAgain() {
        RedisTokenBucket bucket = new RedisTokenBucket(link, "known-refusal",
                new RedisBucketConfig(FOUR_A_SECOND, ClockMode.CALLER, DegradedMode.FAIL_OPEN, 1), 0L);
        long start = 1_000_000_000L;
        assertThat(bucket.tryAcquire(start, 2).admitted()).isTrue();
        long calls = scriptCalls();
        RateDecision refused = bucket.tryAcquire(start + 10_000_000L, 1);
        assertThat(refused).isEqualTo(new RateDecision(false, 0, 240_000_000L, false));
        assertThat(scriptCalls()).as("Redis refused it").isEqualTo(calls + 1);

        long due = start + 250_000_000L;
        assertThat(bucket.tryAcquire(due - 100_000_000L, 1)).isEqualTo(new RateDecision(false, 0, 100_000_000L, false));
        assertThat(bucket.tryAcquireAsync(due - 1, 1).toCompletableFuture().join())
                .isEqualTo(new RateDecision(false, 0, 1L, false));
        assertThat(bucket.knownRefusals()).isEqualTo(2);
        assertThat(scriptCalls()).as("answered without Redis").isEqualTo(calls + 1);

        assertThat(bucket.tryAcquire(due, 1)).as("the token is due: Redis admits")
                .isEqualTo(new RateDecision(true, 0, 0, false));
        assertThat(scriptCalls()).isEqualTo(calls + 2);
        assertThat(bucket.degradedDecisions()).isZero();
    }

    @Test
    void requestsForSeveralTokensStillAskRedis() {
        RedisTokenBucket bucket = new RedisTokenBucket(link, "known-refusal-many",
                new RedisBucketConfig(FOUR_A_SECOND, ClockMode.CALLER, DegradedMode.FAIL_OPEN, 1), 0L);
        long start = 1_000_000_000L;
        assertThat(bucket.tryAcquire(start, 2).admitted()).isTrue();
        assertThat(bucket.tryAcquire(start, 1).admitted()).isFalse();
        long calls = scriptCalls();
        RateDecision two = bucket.tryAcquire(start + 1, 2);
        assertThat(two).isEqualTo(new RateDecision(false, 0, 500_000_000L - 1, false));
        assertThat(scriptCalls()).isEqualTo(calls + 1);
        assertThat(bucket.knownRefusals()).isZero();
    }

    private static long scriptCalls() {
        Matcher matcher = SCRIPT_CALLS.matcher(redis.info("commandstats"));
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0L;
    }
}
