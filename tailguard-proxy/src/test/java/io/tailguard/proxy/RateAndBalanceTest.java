package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.path.BalancerKind;
import io.tailguard.proxy.config.ClientRateConfig;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.time.ManualClock;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RateAndBalanceTest {

    private final TestBackend first = new TestBackend();
    private final TestBackend second = new TestBackend();
    private ProxyServer proxy;

    RateAndBalanceTest() throws InterruptedException {
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        first.close();
        second.close();
    }

    private static PoolConfig pool(BalancerKind balancer, InetSocketAddress... backends) {
        PoolConfig d = PoolConfig.of("default", List.of(backends));
        return new PoolConfig("default", d.backends(), 10, d.limit(), 0, d.queueTimeout(), d.discipline(), balancer,
                d.connectTimeout(), d.responseTimeout(), d.idleTimeout(), d.retryBudget(), 2, Duration.ofSeconds(10));
    }

    @Test
    void aRouteOverItsRateGets429WithRetryAfterFromTheBucket() throws Exception {
        ManualClock clock = new ManualClock();
        RouteConfig limited = new RouteConfig(null, "/limited", "default", Duration.ZERO, new RateConfig(1, 2),
                null, null);
        proxy = ProxyServer.start(Configs.routed(pool(BalancerKind.ROUND_ROBIN, first.address()), limited,
                RouteConfig.all("default")), clock);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/limited/1").read().status()).isEqualTo(200);
            assertThat(client.get("/limited/2").read().status()).isEqualTo(200);
            clock.advance(Duration.ofMillis(200));
            RawClient.Response limitedResponse = client.get("/limited/3").read();
            assertThat(limitedResponse.status()).isEqualTo(429);
            assertThat(limitedResponse.header("retry-after")).as("0.8 s to the next token, rounded up").isEqualTo("1");
            assertThat(client.get("/other").read().status()).as("another route is not limited").isEqualTo(200);
            clock.advance(Duration.ofMillis(800));
            assertThat(client.get("/limited/4").read().status()).isEqualTo(200);
        }
    }

    @Test
    void eachClientKeyHasItsOwnBucket() throws Exception {
        ManualClock clock = new ManualClock();
        RouteConfig perKey = new RouteConfig(null, "/", "default", Duration.ZERO, null,
                new ClientRateConfig(new RateConfig(1, 1), "X-Api-Key", 100, Duration.ofMinutes(1)), null);
        proxy = ProxyServer.start(Configs.routed(pool(BalancerKind.ROUND_ROBIN, first.address()), perKey), clock);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a", "X-Api-Key: alice").read().status()).isEqualTo(200);
            RawClient.Response again = client.get("/a", "X-Api-Key: alice").read();
            assertThat(again.status()).isEqualTo(429);
            assertThat(again.header("retry-after")).isEqualTo("1");
            assertThat(client.get("/b", "X-Api-Key: bob").read().status()).isEqualTo(200);
        }
    }

    @Test
    void roundRobinSpreadsRequestsOverThePool() throws Exception {
        proxy = ProxyServer.start(Configs.routed(pool(BalancerKind.ROUND_ROBIN, first.address(), second.address()),
                RouteConfig.all("default")));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            for (int i = 0; i < 4; i++) {
                assertThat(client.get("/" + i).read().status()).isEqualTo(200);
            }
        }
        assertThat(first.seen).hasSize(2);
        assertThat(second.seen).hasSize(2);
    }

    @Test
    void leastLoadedAvoidsTheBusyBackend() throws Exception {
        proxy = ProxyServer.start(Configs.routed(pool(BalancerKind.LEAST_LOADED, first.address(), second.address()),
                RouteConfig.all("default")));
        try (RawClient holder = new RawClient(proxy.boundAddress()); RawClient client = new RawClient(proxy.boundAddress())) {
            holder.get("/hold/x");
            TestBackend.Held held = first.held.poll(5, java.util.concurrent.TimeUnit.SECONDS);
            TestBackend busy = held != null ? first : second;
            TestBackend idle = busy == first ? second : first;
            if (held == null) {
                held = second.nextHeld();
            }
            for (int i = 0; i < 3; i++) {
                assertThat(client.get("/" + i).read().status()).isEqualTo(200);
            }
            assertThat(idle.seen).hasSize(3);
            assertThat(busy.seen).hasSize(1);
            held.answer();
            assertThat(holder.read().status()).isEqualTo(200);
        }
    }

    @Test
    void aRefusedConnectionIsRetriedOnAnotherBackendAndTheRefuserEjected() throws Exception {
        InetSocketAddress dead;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            dead = new InetSocketAddress("127.0.0.1", probe.getLocalPort());
        }
        proxy = ProxyServer.start(Configs.routed(pool(BalancerKind.ROUND_ROBIN, dead, first.address()),
                RouteConfig.all("default")));
        Events events = new Events(proxy);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response r1 = client.get("/1").read();
            assertThat(r1.status()).as(r1.toString()).isEqualTo(200); // dead first: retried
            events.await("retried:default");
            assertThat(client.get("/2").read().status()).isEqualTo(200); // first directly
            assertThat(client.get("/3").read().status()).isEqualTo(200); // dead again, retried: ejected now
            events.await("retried:default");
            for (int i = 4; i < 8; i++) {
                assertThat(client.get("/" + i).read().status()).isEqualTo(200);
            }
        }
        assertThat(first.seen).hasSize(7);
        assertThat(proxy.metrics().scrape()).contains("tailguard_proxy_retries_total{pool=\"default\"} 2.0");
    }
}
