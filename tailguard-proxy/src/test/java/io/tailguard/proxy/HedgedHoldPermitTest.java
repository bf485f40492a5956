package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.HedgeConfig;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.RouteConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cap counts work in progress at the backends of a hedged request too: a client that leaves after
 * its request was hedged keeps both attempts' permits until each backend answers or closes, with
 * backends that do not notice the proxy's close.
 */
class HedgedHoldPermitTest {

    private ScriptedBackend first;
    private ScriptedBackend second;
    private ProxyServer proxy;

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        first.close();
        second.close();
    }

    /** Two backends that hold {@code /hold} without reading their sockets; a cap of 1 each, a queue of 4. */
    private Events start(boolean hold) throws Exception {
        first = new ScriptedBackend(HedgedHoldPermitTest::script);
        second = new ScriptedBackend(HedgedHoldPermitTest::script);
        PoolConfig pool = PoolConfig.of("default", List.of(first.address(), second.address()))
                .withQueueing(1, 4, Duration.ofSeconds(30))
                .withHoldPermitOnDeparture(hold);
        RouteConfig hedged = new RouteConfig(null, "/", "default", Duration.ZERO, null, null,
                new HedgeConfig(Duration.ofMillis(20), 100));
        proxy = ProxyServer.start(Configs.routed(pool, hedged));
        return new Events(proxy);
    }

    private static String script(String head) {
        return head.startsWith("GET /hold") ? ScriptedBackend.HOLD : ScriptedBackend.ok("ok");
    }

    /** Sends a held GET, waits until both backends hold it (the hedge went out), and leaves. */
    private void leaveAfterTheHedge(Events events) throws Exception {
        try (RawClient gone = new RawClient(proxy.boundAddress())) {
            gone.get("/hold");
            assertThat(first.heldNow.tryAcquire(5, TimeUnit.SECONDS)).as("the first backend holds it").isTrue();
            assertThat(second.heldNow.tryAcquire(5, TimeUnit.SECONDS)).as("the second backend holds it").isTrue();
        }
        events.await("client_gone:in_flight");
    }

    @Test
    void bothAttemptsKeepTheirPermitsUntilTheirBackendsAnswer() throws Exception {
        Events events = start(true);
        leaveAfterTheHedge(events);
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            next.get("/next");
            events.await("queued:default"); // both backends still work for the departed client
            assertThat(first.count("/next") + second.count("/next")).isZero();
            first.release();
            second.release();
            assertThat(next.read().status()).isEqualTo(200);
        }
        assertThat(first.mostWorking.get()).as("requests at the first backend at once").isEqualTo(1);
        assertThat(second.mostWorking.get()).as("requests at the second backend at once").isEqualTo(1);
    }

    @Test
    void withoutHoldingTheNextRequestGoesToABackendStillWorking() throws Exception {
        Events events = start(false);
        leaveAfterTheHedge(events);
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).isEqualTo(200);
        }
        assertThat(Math.max(first.mostWorking.get(), second.mostWorking.get()))
                .as("requests at one backend at once").isEqualTo(2);
        first.release();
        second.release();
    }
}
