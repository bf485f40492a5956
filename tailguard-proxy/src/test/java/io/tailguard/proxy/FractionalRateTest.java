package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.config.RateText;
import io.tailguard.proxy.config.ClientRateConfig;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RedisRateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.redis.DegradedMode;
import io.tailguard.redis.RedisServer;
import io.tailguard.time.ManualClock;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rates below one a second through the running proxy, on a manual clock. */
class FractionalRateTest extends BackendAndProxy {

    private final ManualClock clock = new ManualClock();

    private void start(RouteConfig route) {
        start(route, clock);
    }

    private void start(RouteConfig route, NanoClock proxyClock) {
        proxy = ProxyServer.start(Configs.routed(PoolConfig.of("default", List.of(backend.address())), route),
                proxyClock);
    }

    @Test
    void aRouteAtHalfARequestASecondAdmitsOneEveryTwoSecondsAndSaysHowLongToWait() throws Exception {
        start(new RouteConfig(null, "/", "default", Duration.ZERO,
                new RateConfig(RateText.parse("per-second", "0.5/s"), 1, null), null, null));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/1").read().status()).isEqualTo(200);
            RawClient.Response refused = client.get("/2").read();
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.header("retry-after")).as("2 s to the next token").isEqualTo("2");
            clock.advance(Duration.ofMillis(1_500));
            RawClient.Response soon = client.get("/3").read();
            assertThat(soon.status()).isEqualTo(429);
            assertThat(soon.header("retry-after")).as("0.5 s to the next token, rounded up").isEqualTo("1");
            clock.advance(Duration.ofMillis(500));
            assertThat(client.get("/4").read().status()).isEqualTo(200);
            assertThat(client.get("/5").read().status()).isEqualTo(429);
        }
    }

    @Test
    void aClientAtThirtyAMinuteGetsOneRequestEveryTwoSecondsAndOthersKeepTheirOwn() throws Exception {
        start(new RouteConfig(null, "/", "default", Duration.ZERO, null, new ClientRateConfig(
                new RateConfig(RateText.parse("per-second", "30/m"), 1, null), "X-Api-Key", 100,
                Duration.ofMinutes(1)), null));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a", "X-Api-Key: alice").read().status()).isEqualTo(200);
            RawClient.Response again = client.get("/a", "X-Api-Key: alice").read();
            assertThat(again.status()).isEqualTo(429);
            assertThat(again.header("retry-after")).isEqualTo("2");
            assertThat(client.get("/b", "X-Api-Key: bob").read().status()).isEqualTo(200);
            clock.advance(Duration.ofMillis(1_999));
            assertThat(client.get("/a", "X-Api-Key: alice").read().status()).isEqualTo(429);
            clock.advance(Duration.ofMillis(1));
            assertThat(client.get("/a", "X-Api-Key: alice").read().status()).isEqualTo(200);
        }
    }

    @Test
    void aRouteBucketKeptInRedisRefillsAtItsFractionalRate() throws Exception {
        try (RedisServer redis = RedisServer.start()) {
            // one token every 10 s on Redis's clock: the second request waits about 10 s, not 1
            start(new RouteConfig(null, "/", "default", Duration.ZERO, new RateConfig(
                    RateText.parse("per-second", "0.1/s"), 1, new RedisRateConfig(redis.uri(), "tenth", 1,
                            DegradedMode.FAIL_CLOSED, Duration.ofSeconds(1))), null, null), NanoClock.system());
            try (RawClient client = new RawClient(proxy.boundAddress())) {
                assertThat(client.get("/1").read().status()).isEqualTo(200);
                RawClient.Response refused = client.get("/2").read();
                assertThat(refused.status()).isEqualTo(429);
                assertThat(Long.parseLong(refused.header("retry-after"))).isBetween(9L, 10L);
            }
        }
    }
}
