package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RedisRateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.redis.DegradedMode;
import io.tailguard.redis.RedisServer;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A route whose bucket is in Redis waits for Redis's answer off the event loop: with every connection
 * on one loop, a frozen Redis holds up only the requests that ask it, and a request waiting for it
 * keeps its deadline and is forgotten when its client leaves.
 */
class RedisRateWaitTest {

    /** Far longer than any test waits: a request answered in time did not wait for it. */
    private static final Duration LONG_TIMEOUT = Duration.ofSeconds(30);

    private RedisServer redis;
    private TestBackend backend;
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (backend != null) {
            backend.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    /** One event loop; {@code /shared} limited by {@code burst} in Redis, every other path not limited. */
    private void start(long burst, Duration timeout, DegradedMode degraded) throws Exception {
        redis = RedisServer.start();
        backend = new TestBackend();
        PoolConfig pool = PoolConfig.of("default", List.of(backend.address()));
        RateConfig rate = new RateConfig(1, burst, new RedisRateConfig(redis.uri(), "wait-" + redis.port(), 1,
                degraded, timeout));
        RouteConfig shared = new RouteConfig(null, "/shared", "default", Duration.ZERO, rate, null, null);
        ProxyConfig config = Configs.routed(pool, shared, RouteConfig.all("default"));
        proxy = ProxyServer.start(config, NanoClock.system(), AccessLog.open("off"), 1);
    }

    /**
     * A proxy whose Redis answered once ({@code /shared/warm}: the script is loaded, later calls are
     * one round trip each) and is now frozen; returns the proxy's events from then on.
     */
    private Events startThenFreezeRedis() throws Exception {
        start(100, LONG_TIMEOUT, DegradedMode.FAIL_OPEN);
        try (RawClient warm = new RawClient(proxy.boundAddress())) {
            assertThat(warm.get("/shared/warm").read().status()).isEqualTo(200);
        }
        Events events = new Events(proxy);
        redis.freeze();
        return events;
    }

    @Test
    void admitsFromTheRedisBucketThenRejectsWith429AndRetryAfter() throws Exception {
        start(3, Duration.ofSeconds(2), DegradedMode.FAIL_CLOSED);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            // the body waits for the decision; 100 Continue comes only once the request is admitted
            client.send("POST /shared/post HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n");
            assertThat(client.read().status()).isEqualTo(100);
            RawClient.Response posted = client.send("hello").read();
            assertThat(posted.status()).isEqualTo(200);
            assertThat(posted.body()).isEqualTo("POST /shared/post hello");

            int admitted = 1;
            RawClient.Response limited = null;
            for (int i = 0; i < 10 && limited == null; i++) {
                RawClient.Response response = client.get("/shared/" + i).read();
                if (response.status() == 429) {
                    limited = response;
                } else {
                    assertThat(response.status()).isEqualTo(200);
                    admitted++;
                }
            }
            assertThat(limited).as("one token a second, a burst of 3: a quick series runs out").isNotNull();
            assertThat(admitted).isGreaterThanOrEqualTo(3);
            assertThat(limited.header("retry-after")).isEqualTo("1");
            assertThat(limited.header("x-tailguard-reason")).isEqualTo("rate_limited");
            assertThat(client.get("/other").read().status()).as("a bodiless 429 keeps the connection").isEqualTo(200);
            assertThat(backend.seen).hasSize(admitted + 1);
        }
    }

    @Test
    void aFrozenRedisDoesNotHoldUpOtherRequestsOnTheSameEventLoop() throws Exception {
        Events events = startThenFreezeRedis();
        try (RawClient waiting = new RawClient(proxy.boundAddress()); RawClient other = new RawClient(proxy.boundAddress())) {
            waiting.get("/shared/waiting");
            events.await("redis_rate:default");
            // RawClient gives up after 5 s: an event loop blocked until the 30 s timeout fails here
            assertThat(other.get("/other").read().status()).isEqualTo(200);
            redis.thaw();
            assertThat(waiting.read().body()).isEqualTo("GET /shared/waiting ");
        }
    }

    @Test
    void aClientThatLeavesWhileItsDecisionIsPendingNeverReachesTheBackend() throws Exception {
        Events events = startThenFreezeRedis();
        try (RawClient leaving = new RawClient(proxy.boundAddress())) {
            leaving.send("POST /shared/gone HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello");
            events.await("redis_rate:default");
        }
        events.await("client_gone:rate");
        redis.thaw();
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            // its call went to Redis first on the one connection, so its answer was handled before this one's
            assertThat(next.get("/shared/next").read().status()).isEqualTo(200);
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/shared/warm", "/shared/next");
    }

    @Test
    void aRequestWaitingForRedisIsAnsweredWhenItsDeadlinePasses() throws Exception {
        startThenFreezeRedis();
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response late = client.get("/shared/late", "X-Request-Timeout-Ms: 200").read();
            assertThat(late.status()).isEqualTo(503);
            assertThat(late.header("x-tailguard-reason")).isEqualTo("deadline_exceeded");
            redis.thaw();
            assertThat(client.get("/shared/next").read().status()).isEqualTo(200);
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/shared/warm", "/shared/next");
    }
}
