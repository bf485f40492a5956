package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.path.BalancerKind;
import io.tailguard.proxy.config.HedgeConfig;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.RouteConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Hedging of idempotent requests through the core Hedger; the loser's backend exchange is closed. */
class HedgingTest {

    private TestBackend slow;
    private TestBackend fast;
    private ProxyServer proxy;

    @BeforeEach
    void start() throws Exception {
        slow = new TestBackend("/"); // holds everything until told
        fast = new TestBackend("/hold");
        PoolConfig d = PoolConfig.of("default", List.of(slow.address(), fast.address()));
        PoolConfig pool = new PoolConfig("default", d.backends(), 1, d.limit(), 0, d.queueTimeout(), d.discipline(),
                BalancerKind.ROUND_ROBIN, d.connectTimeout(), d.responseTimeout(), d.idleTimeout(), d.retryBudget(),
                d.ejectAfter(), d.ejectFor());
        RouteConfig hedged = new RouteConfig(null, "/", "default", Duration.ZERO, null, null,
                new HedgeConfig(Duration.ofMillis(30), 100));
        proxy = ProxyServer.start(Configs.routed(pool, hedged));
    }

    @AfterEach
    void stop() {
        proxy.close();
        slow.close();
        fast.close();
    }

    @Test
    void aSlowGetIsHedgedOnTheOtherBackendAndTheLoserIsClosed() throws Exception {
        Events events = new Events(proxy);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.get("/h").read(); // round robin: the slow backend first
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("GET /h ");
            assertThat(slow.nextHeld().head).as("attempt 1 went to the slow backend").isEqualTo("GET /h ");
            events.await("hedged:default");
            assertThat(slow.closedWhileHeld.poll(5, TimeUnit.SECONDS)).as("the loser's exchange is closed")
                    .isEqualTo("GET /h ");
            // Round robin sends the next request to the fast backend, the one after to the slow one,
            // which takes it: the loser's permit (cap 1) came back.
            assertThat(client.get("/next1").read().body()).isEqualTo("GET /next1 ");
            client.get("/next2");
            assertThat(slow.nextHeld().head).isEqualTo("GET /next2 ");
            assertThat(client.read().body()).as("hedged again, and won again").isEqualTo("GET /next2 ");
        }
        assertThat(fast.seen).extracting(TestBackend.Seen::uri).containsExactly("/h", "/next1", "/next2");
        assertThat(proxy.metrics().scrape()).contains("tailguard_proxy_hedges_total{pool=\"default\"} 2.0");
    }

    @Test
    void aPostIsNeverHedged() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx");
            TestBackend.Held held = slow.nextHeld();
            assertThat(fast.seen).isEmpty();
            held.answer();
            assertThat(client.read().body()).isEqualTo("POST /p x");
        }
        assertThat(fast.seen).isEmpty();
    }
}
