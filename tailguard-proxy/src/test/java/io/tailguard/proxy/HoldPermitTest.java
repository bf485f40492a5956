package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.ProxyConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The cap counts work in progress at the backend: a client that leaves mid-request keeps its permit
 * until the backend answers or closes, with a backend that does not notice the proxy's close (as
 * Puma and most thread-per-request servers do not).
 */
class HoldPermitTest extends ScriptedBackendAndProxy {

    private Events start(boolean hold) throws Exception {
        backend = new ScriptedBackend(holdingOrOk());
        ProxyConfig base = Configs.single(backend.address(), 1, 4, Duration.ofSeconds(30));
        proxy = ProxyServer.start(Configs.withPool(base.pools().get(0).withHoldPermitOnDeparture(hold)));
        return new Events(proxy);
    }

    @Test
    void aDepartedClientsPermitIsHeldUntilTheBackendAnswers() throws Exception {
        Events events = start(true);
        leaveWhileHeld("/hold", events);
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            next.get("/next");
            events.await("queued:default"); // the backend still works for the departed client
            assertThat(backend.count("/next")).isZero();
            backend.release();
            assertThat(next.read().status()).isEqualTo(200);
        }
        assertThat(backend.mostWorking.get()).as("requests at the backend at once").isEqualTo(1);
    }

    @Test
    void withoutHoldingTheBackendWorksForTheDepartedClientAndTheNextAtOnce() throws Exception {
        Events events = start(false);
        leaveWhileHeld("/hold", events);
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).isEqualTo(200);
        }
        assertThat(backend.mostWorking.get()).isEqualTo(2);
        backend.release();
    }
}
