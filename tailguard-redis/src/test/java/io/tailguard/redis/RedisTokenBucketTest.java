package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Redis bucket against a real server: sharing, expiry, script flush, and one-token refusals
 * remembered until the token is due (answered without a round trip, as Redis would answer).
 */
class RedisTokenBucketTest {

    private static final Pattern SCRIPT_CALLS = Pattern.compile("cmdstat_evalsha:calls=(\\d+)");
    /** 4 tokens a second: one token every 250 ms, a bucket of 2. */
    private static final TokenBucketConfig FOUR_A_SECOND = TokenBucketConfig.of(2, 4, Duration.ofSeconds(1));
    private static final long START = 1_000_000_000L;

    private static final NanoClock CLOCK = NanoClock.system();
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
    static void stopRedis() throws Exception {
        RedisServer.stop(server, adminConnection, admin, link);
    }

    @Test
    void severalClientsOnOneKeyNeverAdmitMoreThanTheBucketHolds() throws Exception {
        // one token an hour: in the few seconds of the test at most one token can be added
        RedisBucketConfig config = new RedisBucketConfig(TokenBucketConfig.of(50, 1, Duration.ofHours(1)),
                ClockMode.REDIS, DegradedMode.FAIL_CLOSED, 1);
        int clients = 4;
        int threadsPerClient = 4;
        List<RedisLink> links = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(clients * threadsPerClient);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<int[]>> results = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                RedisLink client = RedisLink.connect(server.uri(),
                        RedisLinkConfig.DEFAULT.withTimeout(Duration.ofSeconds(5)));
                links.add(client);
                RedisTokenBucket bucket = new RedisTokenBucket(client, "hammered", config, CLOCK.nanoTime());
                for (int t = 0; t < threadsPerClient; t++) {
                    results.add(pool.submit(() -> {
                        start.await();
                        int[] counts = new int[3];
                        for (int i = 0; i < 100; i++) {
                            RateDecision decision = i % 2 == 0
                                    ? bucket.tryAcquire(CLOCK.nanoTime(), 1)
                                    : bucket.tryAcquireAsync(CLOCK.nanoTime(), 1).toCompletableFuture().get();
                            counts[decision.admitted() ? 0 : 1]++;
                            counts[2] += decision.degraded() ? 1 : 0;
                        }
                        return counts;
                    }));
                }
            }
            start.countDown();
            int admitted = 0;
            int rejected = 0;
            int degraded = 0;
            for (Future<int[]> result : results) {
                int[] counts = result.get(60, TimeUnit.SECONDS);
                admitted += counts[0];
                rejected += counts[1];
                degraded += counts[2];
            }
            assertThat(degraded).isZero();
            assertThat(admitted).isBetween(50, 51);
            assertThat(admitted + rejected).isEqualTo(clients * threadsPerClient * 100);
        } finally {
            pool.shutdownNow();
            links.forEach(RedisLink::close);
        }
    }

    @Test
    void keyIsHashTaggedAndExpiresWhenTheBucketWouldBeFull() {
        RedisTokenBucket bucket = new RedisTokenBucket(link, "tenant-7", RedisBucketConfig.of(10, 5), 0L);
        RateDecision first = bucket.tryAcquire(0L, 2);
        assertThat(first).isEqualTo(new RateDecision(true, 3, 0, false));
        String key = RedisTokenBucket.keyOf("tenant-7");
        assertThat(key).isEqualTo("tailguard:{tenant-7}:bucket");
        // two tokens at 10 a second are due within 200 ms; the key lives no longer (plus 1 ms)
        assertThat(redis.pttl(key)).isBetween(1L, 201L);
    }

    @Test
    void rejectionSaysWhenTheNextTokenIsDue() {
        // one token an hour, so no token is added between the two calls
        RedisTokenBucket bucket = oneTokenEvery("slow", Duration.ofHours(1));
        RateDecision rejected = refusedAfterItsToken(bucket);
        assertThat(rejected.remaining()).isZero();
        // the bucket was full, so the next token is one hour after the take, whatever the hour's phase
        // on Redis's clock; the slack is the time between the two calls on a loaded machine
        assertThat(rejected.retryAfterNanos()).isBetween(Duration.ofHours(1).minusMinutes(1).toNanos(),
                Duration.ofHours(1).toNanos());
        assertThat(bucket.tryAcquire(0L, 2).retryAfterNanos()).as("more than the capacity").isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aTakeFromAFullBucketAtOneAMinuteWaitsAMinuteOnRedisTime() {
        for (int i = 0; i < 5; i++) {
            RateDecision rejected = refusedAfterItsToken(oneTokenEvery("minutely-" + i, Duration.ofMinutes(1)));
            assertThat(rejected.retryAfterNanos()).isBetween(Duration.ofSeconds(50).toNanos(),
                    Duration.ofMinutes(1).toNanos());
        }
    }

    @Test
    void aTakeFromAFullBucketAtOneADayWaitsADayOnRedisTime() {
        RateDecision rejected = refusedAfterItsToken(oneTokenEvery("daily", Duration.ofDays(1)));
        assertThat(rejected.retryAfterNanos()).isBetween(Duration.ofDays(1).minusMinutes(1).toNanos(),
                Duration.ofDays(1).toNanos());
        assertThat(redis.pttl(RedisTokenBucket.keyOf("daily"))).as("the key lives until the bucket is full")
                .isBetween(Duration.ofDays(1).minusMinutes(1).toMillis(), Duration.ofDays(1).toMillis() + 1);
    }

    @Test
    void aKeyInTheEarlierLayoutIsReadAsTheSameTheoreticalArrivalTime() {
        // One token a minute, capacity 2, on the caller's clock: a step is one minute and one token.
        // The earlier script stored (baseStep, index of the next token): (10, 2) says the bucket is
        // full again at step 12 (720 s), the state a core bucket reaches by taking both tokens at 600 s.
        TokenBucketConfig config = TokenBucketConfig.of(2, 1, Duration.ofMinutes(1));
        String key = "earlier-layout";
        redis.eval("redis.call('SET', KEYS[1], struct.pack('dd', 10, 2))", ScriptOutputType.STATUS,
                new String[] {RedisTokenBucket.keyOf(key)});
        assertThat(redis.strlen(RedisTokenBucket.keyOf(key))).isEqualTo(16);
        RedisTokenBucket shared = new RedisTokenBucket(link, key,
                new RedisBucketConfig(config, ClockMode.CALLER, DegradedMode.FAIL_CLOSED, 1), 0L);
        TokenBucket core = new TokenBucket(config, 0L);
        long second = 1_000_000_000L;
        assertThat(core.tryAcquire(600 * second, 2)).isTrue();
        for (long at : new long[] {630 * second, 659 * second, 660 * second, 661 * second, 725 * second, 900 * second,
            900 * second, 900 * second, 959 * second}) {
            RateDecision decision = shared.tryAcquire(at, 1);
            boolean admitted = core.tryAcquire(at, 1);
            assertThat(decision.admitted()).as("at %d s", at / second).isEqualTo(admitted);
            assertThat(decision.remaining()).as("at %d s", at / second).isEqualTo(core.availableTokens(at));
            assertThat(decision.retryAfterNanos()).as("at %d s", at / second)
                    .isEqualTo(admitted ? 0L : core.nanosUntilAvailable(at, 1));
        }
        assertThat(redis.strlen(RedisTokenBucket.keyOf(key))).as("rewritten in the current layout").isEqualTo(24);
    }

    @Test
    void survivesScriptFlush() {
        RedisTokenBucket bucket = new RedisTokenBucket(link, "flushed", RedisBucketConfig.of(1000, 100), 0L);
        assertThat(bucket.tryAcquire(0L, 1).degraded()).isFalse();
        String sha = LuaScript.resource("gcra.lua").sha();
        assertThat(redis.scriptExists(sha)).containsExactly(true);
        redis.scriptFlush();
        assertThat(redis.scriptExists(sha)).containsExactly(false);
        RateDecision afterFlush = bucket.tryAcquire(0L, 1);
        assertThat(afterFlush.degraded()).isFalse();
        assertThat(afterFlush.remaining()).isBetween(98L, 99L);
        assertThat(redis.scriptExists(sha)).as("reloaded by the fallback EVAL").containsExactly(true);
        assertThat(bucket.degradedDecisions()).isZero();
    }

    @Test
    void oneTokenRefusalIsRememberedUntilTheTokenIsDueThenRedisDecidesAgain() {
        RedisTokenBucket bucket = emptiedAt(START, "known-refusal");
        long calls = scriptCalls();
        RateDecision refused = bucket.tryAcquire(START + 10_000_000L, 1);
        assertThat(refused).isEqualTo(new RateDecision(false, 0, 240_000_000L, false));
        assertThat(scriptCalls()).as("Redis refused it").isEqualTo(calls + 1);

        long due = START + 250_000_000L;
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
    void requestsForSeveralTokensAlwaysAskRedis() {
        RedisTokenBucket bucket = emptiedAt(START, "known-refusal-many");
        assertThat(bucket.tryAcquire(START, 1).admitted()).isFalse();
        long calls = scriptCalls();
        RateDecision two = bucket.tryAcquire(START + 1, 2);
        assertThat(two).isEqualTo(new RateDecision(false, 0, 500_000_000L - 1, false));
        assertThat(scriptCalls()).isEqualTo(calls + 1);
        assertThat(bucket.knownRefusals()).isZero();
    }

    /** A bucket of {@link #FOUR_A_SECOND} on the caller's clock, emptied at {@code nowNanos}. */
    private static RedisTokenBucket emptiedAt(long nowNanos, String key) {
        RedisTokenBucket bucket = new RedisTokenBucket(link, key,
                new RedisBucketConfig(FOUR_A_SECOND, ClockMode.CALLER, DegradedMode.FAIL_OPEN, 1), 0L);
        assertThat(bucket.tryAcquire(nowNanos, 2).admitted()).isTrue();
        return bucket;
    }

    private static long scriptCalls() {
        Matcher matcher = SCRIPT_CALLS.matcher(redis.info("commandstats"));
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0L;
    }

    /** A bucket on Redis's clock that holds one token and gains one every {@code period}. */
    private static RedisTokenBucket oneTokenEvery(String key, Duration period) {
        return new RedisTokenBucket(link, key, new RedisBucketConfig(TokenBucketConfig.of(1, 1, period),
                ClockMode.REDIS, DegradedMode.FAIL_CLOSED, 1), 0L);
    }

    /** Takes the full one-token bucket's token, then returns the refusal of the next take. */
    private static RateDecision refusedAfterItsToken(RedisTokenBucket bucket) {
        assertThat(bucket.tryAcquire(0L, 1).admitted()).isTrue();
        RateDecision rejected = bucket.tryAcquire(0L, 1);
        assertThat(rejected.admitted()).isFalse();
        return rejected;
    }
}
