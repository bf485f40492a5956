package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.NanoClock;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Redis frozen, killed and restarted under a running bucket: every decision in the gap follows the
 * degraded mode, none waits past the timeout (plus scheduling noise), and Redis decides again once
 * it is back.
 */
class DegradedModeTest {

    private static final NanoClock CLOCK = NanoClock.system();
    private static final Duration TIMEOUT = Duration.ofMillis(10);
    /**
     * What a loaded two-core test machine may add to a wait before the waiting thread runs again
     * (280 ms was seen at load average 15). A caller blocked on a reconnect would wait the link's
     * connect timeout (1 s by default) and still fails this bound.
     */
    private static final long SCHEDULING_NOISE_NANOS = Duration.ofMillis(500).toNanos();
    /** One token an hour: no refill during the test, so counts are exact. */
    private static final TokenBucketConfig HOURLY = TokenBucketConfig.of(10, 1, Duration.ofHours(1));

    private RedisServer server;
    private RedisLink link;
    private long slowestNanos;

    @BeforeEach
    void startRedis() {
        server = RedisServer.start();
        link = RedisLink.connect(server.uri(), RedisLinkConfig.DEFAULT.withTimeout(TIMEOUT));
    }

    @AfterEach
    void stopRedis() throws Exception {
        RedisServer.stop(server, link);
    }

    @Test
    void failLocalDecidesWithThisInstancesShareAndRecoversAfterRestart() {
        // the script loaded and the link warm on another key, so this bucket's first call is rarely late
        untilRedisDecides(new RedisTokenBucket(link, "warm-up",
                new RedisBucketConfig(HOURLY, ClockMode.REDIS, DegradedMode.FAIL_OPEN, 1), CLOCK.nanoTime()));
        long failedBefore = link.failures();
        RedisTokenBucket bucket = new RedisTokenBucket(link, "local",
                new RedisBucketConfig(HOURLY, ClockMode.REDIS, DegradedMode.FAIL_LOCAL, 2), CLOCK.nanoTime());
        RateDecision first = untilRedisDecides(bucket);
        // a loaded machine may still time out a first call: it took a token of the local share, and
        // its script may have run in Redis late; both are counted, not left to the machine's speed
        long timedOutFirst = bucket.degradedDecisions();
        assertRedisDecidedFull(first, link.failures() - failedBefore);

        server.freeze();
        int admitted = 0;
        for (int i = 0; i < 20; i++) {
            RateDecision decision = timed(bucket, i % 2 == 0);
            assertThat(decision.degraded()).isTrue();
            admitted += decision.admitted() ? 1 : 0;
        }
        assertThat(admitted).as("half of the capacity, this instance's share, less what the first calls took")
                .isEqualTo(5 - Math.min(5, timedOutFirst));

        server.kill();
        RateDecision whileDead = timed(bucket, false);
        assertThat(whileDead.degraded()).isTrue();
        assertThat(whileDead.admitted()).isFalse();
        assertThat(whileDead.retryAfterNanos()).isPositive();

        server.restart();
        long failedBeforeRestart = link.failures();
        // a restarted Redis has lost the key: the bucket is full again
        RateDecision again = untilRedisDecides(bucket);
        assertRedisDecidedFull(again, link.failures() - failedBeforeRestart);
        assertThat(slowestNanos).isLessThan(TIMEOUT.toNanos() + SCHEDULING_NOISE_NANOS);
        assertThat(bucket.degradedDecisions()).isGreaterThanOrEqualTo(21);
        assertThat(link.failures()).isPositive();
    }

    @Test
    void failOpenAdmitsAndFailClosedRejectsWhileRedisIsFrozen() {
        RedisTokenBucket open = new RedisTokenBucket(link, "open",
                new RedisBucketConfig(HOURLY, ClockMode.REDIS, DegradedMode.FAIL_OPEN, 1), CLOCK.nanoTime());
        RedisTokenBucket closed = new RedisTokenBucket(link, "closed",
                new RedisBucketConfig(HOURLY, ClockMode.REDIS, DegradedMode.FAIL_CLOSED, 1), CLOCK.nanoTime());
        assertThat(untilRedisDecides(open).admitted()).isTrue();
        assertThat(untilRedisDecides(closed).admitted()).isTrue();
        // a Redis slow to start on a loaded machine has the first decisions degraded too: count from here
        long openBefore = open.degradedDecisions();
        long closedBefore = closed.degradedDecisions();

        server.freeze();
        for (int i = 0; i < 20; i++) {
            assertThat(timed(open, i % 2 == 0)).isEqualTo(new RateDecision(true, -1, 0, true));
            RateDecision rejected = timed(closed, i % 2 == 1);
            assertThat(rejected.admitted()).isFalse();
            assertThat(rejected.degraded()).isTrue();
        }
        assertThat(open.degradedDecisions() - openBefore).isEqualTo(20);
        assertThat(closed.degradedDecisions() - closedBefore).isEqualTo(20);
        assertThat(slowestNanos).isLessThan(TIMEOUT.toNanos() + SCHEDULING_NOISE_NANOS);

        server.thaw();
        // the call that timed out still ran once Redis thawed: late work counts against the limit, so
        // at most 7 of 10 remain (fewer when a decision after the thaw also timed out on a loaded
        // machine and ran late too)
        RateDecision after = untilRedisDecides(open);
        assertThat(after.admitted()).isTrue();
        assertThat(after.degraded()).isFalse();
        assertThat(after.remaining()).isBetween(0L, 7L);
    }

    @Test
    void linkToAnAbsentServerStartsDownAndNeverWaits() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        try (RedisLink absent = RedisLink.connect("redis://127.0.0.1:" + port, RedisLinkConfig.DEFAULT)) {
            assertThat(absent.isUp()).isFalse();
            assertThat(absent.lastFailure()).contains("onnect");
            RedisTokenBucket bucket = new RedisTokenBucket(absent, "nowhere",
                    new RedisBucketConfig(HOURLY, ClockMode.REDIS, DegradedMode.FAIL_LOCAL, 1), CLOCK.nanoTime());
            RateDecision decision = bucket.tryAcquire(CLOCK.nanoTime(), 1);
            assertThat(decision).isEqualTo(new RateDecision(true, 9, 0, true));
        }
    }

    /**
     * Checks that Redis admitted a first token from a full bucket: 9 left, exactly, unless some of the
     * calls before it that failed ({@code failed}, at most that many: the link also counts its
     * probes) ran in Redis after their timeout and took a token each.
     */
    private static void assertRedisDecidedFull(RateDecision decision, long failed) {
        if (failed == 0) {
            assertThat(decision).isEqualTo(new RateDecision(true, 9, 0, false));
            return;
        }
        assertThat(decision.admitted()).isTrue();
        assertThat(decision.degraded()).isFalse();
        assertThat(decision.retryAfterNanos()).isZero();
        assertThat(decision.remaining()).isBetween(Math.max(0, 9 - failed), 9L);
    }

    /** Decides once, sync or async, and keeps the longest time a decision took. */
    private RateDecision timed(RedisTokenBucket bucket, boolean async) {
        long start = CLOCK.nanoTime();
        RateDecision decision = async
                ? bucket.tryAcquireAsync(start, 1).toCompletableFuture().join()
                : bucket.tryAcquire(start, 1);
        slowestNanos = Math.max(slowestNanos, CLOCK.nanoTime() - start);
        return decision;
    }

    /** Decides until Redis answers again (the background probe reconnects); at most 10 s. */
    private RateDecision untilRedisDecides(RedisTokenBucket bucket) {
        long deadline = CLOCK.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (CLOCK.nanoTime() < deadline) {
            RateDecision decision = timed(bucket, false);
            if (!decision.degraded()) {
                return decision;
            }
        }
        throw new AssertionError("Redis did not decide again within 10 s: " + link);
    }
}
