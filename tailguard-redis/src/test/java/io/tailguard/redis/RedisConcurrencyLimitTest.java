package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The cluster-wide concurrency limit against a real server. */
class RedisConcurrencyLimitTest {

    private static final NanoClock CLOCK = NanoClock.system();
    private static RedisServer server;
    private static RedisLink first;
    private static RedisLink second;

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
        RedisLinkConfig patient = RedisLinkConfig.DEFAULT.withTimeout(Duration.ofSeconds(5));
        first = RedisLink.connect(server.uri(), patient);
        second = RedisLink.connect(server.uri(), patient);
    }

    @AfterAll
    static void stopRedis() throws Exception {
        RedisServer.stop(server, first, second);
    }

    @Test
    void twoInstancesShareTheLimitAndAReleaseFreesAPermit() {
        RedisConcurrencyConfig config = RedisConcurrencyConfig.of(3, Duration.ofMinutes(1));
        RedisConcurrencyLimit a = new RedisConcurrencyLimit(first, "shared", config);
        RedisConcurrencyLimit b = new RedisConcurrencyLimit(second, "shared", config);
        Decision one = a.tryAcquire(CLOCK.nanoTime());
        Decision two = b.tryAcquire(CLOCK.nanoTime());
        Decision three = a.tryAcquire(CLOCK.nanoTime());
        assertThat(one.isAdmitted() && two.isAdmitted() && three.isAdmitted()).isTrue();
        Decision fourth = b.tryAcquire(CLOCK.nanoTime());
        assertThat(fourth.reason()).isEqualTo(RejectReason.CONCURRENCY_LIMITED);

        two.permit().onSuccess(CLOCK.nanoTime());
        two.permit().onDropped(CLOCK.nanoTime()); // a second completion is ignored
        // the release is sent without waiting; a command on the same connection runs after it
        Decision afterRelease = b.tryAcquire(CLOCK.nanoTime());
        assertThat(afterRelease.isAdmitted()).isTrue();
        assertThat(a.tryAcquire(CLOCK.nanoTime()).isAdmitted()).isFalse();
        assertThat(a.degradedDecisions() + b.degradedDecisions()).isZero();
    }

    @Test
    void permitOfAHolderThatDiedExpires() {
        RedisConcurrencyLimit limit = new RedisConcurrencyLimit(first, "crashy",
                RedisConcurrencyConfig.of(1, Duration.ofMillis(100)));
        long start = CLOCK.nanoTime();
        assertThat(limit.tryAcquire(CLOCK.nanoTime()).isAdmitted()).isTrue();
        assertThat(limit.tryAcquire(CLOCK.nanoTime()).isAdmitted()).isFalse();
        // the holder never completes its permit; asking again is the event we wait for
        long deadline = start + Duration.ofSeconds(10).toNanos();
        Decision later;
        do {
            later = limit.tryAcquire(CLOCK.nanoTime());
        } while (!later.isAdmitted() && CLOCK.nanoTime() < deadline);
        assertThat(later.isAdmitted()).isTrue();
        assertThat(CLOCK.nanoTime() - start).isGreaterThanOrEqualTo(Duration.ofMillis(95).toNanos());
    }

    @Test
    void asyncAcquireSharesTheLimitWithSyncCallers() {
        RedisConcurrencyConfig config = RedisConcurrencyConfig.of(2, Duration.ofMinutes(1));
        RedisConcurrencyLimit a = new RedisConcurrencyLimit(first, "async-shared", config);
        RedisConcurrencyLimit b = new RedisConcurrencyLimit(second, "async-shared", config);
        Decision one = a.tryAcquireAsync(CLOCK.nanoTime()).toCompletableFuture().join();
        Decision two = b.tryAcquire(CLOCK.nanoTime());
        assertThat(one.isAdmitted() && two.isAdmitted()).isTrue();
        Decision third = b.tryAcquireAsync(CLOCK.nanoTime()).toCompletableFuture().join();
        assertThat(third.reason()).isEqualTo(RejectReason.CONCURRENCY_LIMITED);

        one.permit().onIgnore();
        // the release goes out first on the same connection, so the next acquire sees it
        assertThat(a.tryAcquireAsync(CLOCK.nanoTime()).toCompletableFuture().join().isAdmitted()).isTrue();
        assertThat(a.degradedDecisions() + b.degradedDecisions()).isZero();
    }

    @Test
    void manyThreadsSyncAndAsyncNeverHoldMoreThanTheLimit() throws Exception {
        int limit = 3;
        RedisConcurrencyConfig config = RedisConcurrencyConfig.of(limit, Duration.ofMinutes(1));
        List<RedisConcurrencyLimit> instances = List.of(new RedisConcurrencyLimit(first, "crowded", config),
                new RedisConcurrencyLimit(second, "crowded", config));
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger admitted = new AtomicInteger();
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                RedisConcurrencyLimit limiter = instances.get(t % 2);
                boolean async = t % 4 < 2;
                done.add(pool.submit(() -> {
                    start.await();
                    // each thread keeps its permit while it asks for the next one, so permits overlap;
                    // a permit is counted from Redis's admission until just before its release, so the
                    // count is never more than Redis holds
                    Permit held = null;
                    for (int i = 0; i < 100; i++) {
                        Decision decision = async
                                ? limiter.tryAcquireAsync(CLOCK.nanoTime()).toCompletableFuture().get(10, TimeUnit.SECONDS)
                                : limiter.tryAcquire(CLOCK.nanoTime());
                        if (decision.isAdmitted()) {
                            most.accumulateAndGet(holding.incrementAndGet(), Math::max);
                            admitted.incrementAndGet();
                        }
                        if (held != null) {
                            holding.decrementAndGet();
                            held.onSuccess(CLOCK.nanoTime());
                        }
                        held = decision.isAdmitted() ? decision.permit() : null;
                    }
                    if (held != null) {
                        holding.decrementAndGet();
                        held.onSuccess(CLOCK.nanoTime());
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(most.get()).as("the most permits held at once").isEqualTo(limit);
        assertThat(admitted.get()).isPositive();
        assertThat(instances.get(0).degradedDecisions() + instances.get(1).degradedDecisions()).isZero();
    }

    @ParameterizedTest(name = "async {0}")
    @ValueSource(booleans = {false, true})
    void failLocalKeepsThisInstancesShareWhileRedisIsFrozen(boolean async) {
        RedisLink quick = RedisLink.connect(server.uri(), RedisLinkConfig.DEFAULT.withTimeout(Duration.ofMillis(10)));
        try {
            RedisConcurrencyLimit limit = new RedisConcurrencyLimit(quick, "frozen-" + async,
                    new RedisConcurrencyConfig(6, Duration.ofMinutes(1), DegradedMode.FAIL_LOCAL, 3));
            server.freeze();
            // async: all five are sent before the first times out, and each completes at its timeout
            List<CompletableFuture<Decision>> decisions = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                decisions.add(async ? limit.tryAcquireAsync(CLOCK.nanoTime()).toCompletableFuture()
                        : CompletableFuture.completedFuture(limit.tryAcquire(CLOCK.nanoTime())));
            }
            int admitted = 0;
            for (CompletableFuture<Decision> decision : decisions) {
                admitted += decision.join().isAdmitted() ? 1 : 0;
            }
            assertThat(admitted).as("6 / 3 instances").isEqualTo(2);
            assertThat(limit.degradedDecisions()).isEqualTo(5);
        } finally {
            server.thaw();
            quick.close();
        }
    }
}
