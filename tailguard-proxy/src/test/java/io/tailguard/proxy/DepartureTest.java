package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.NanoClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the proxy counts and logs agrees with what clients saw, and it never works for a client that left. */
class DepartureTest extends ScriptedBackendAndProxy {

    private Events start(java.util.function.Function<String, String> script, int queue) throws Exception {
        backend = new ScriptedBackend(script);
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, queue, Duration.ofSeconds(30)),
                NanoClock.system(), AccessLog.to(log), 1);
        return new Events(proxy);
    }

    @Test
    void aResponseCutAfterIts200HeadIsCountedAs502() throws Exception {
        start(head -> "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc" + ScriptedBackend.CLOSE, 0);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.get("/cut");
            assertThat(client.readToEnd()).asString(StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK");
        }
        String scrape = proxy.metrics().scrape();
        assertThat(scrape).contains("tailguard_proxy_responses_total{status=\"502\"} 1.0");
        assertThat(scrape).doesNotContain("status=\"200\"");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("status=502 reason=upstream_closed_mid_response");
    }

    @Test
    void aQueuedClientThatLeavesAsItsPermitFreesIsNeverForwardedAndCountedOnce() throws Exception {
        Events events = start(holdingOrOk(), 4);
        try (RawClient first = held("/hold")) {
            RawClient gone = new RawClient(proxy.boundAddress());
            gone.get("/queued");
            events.await("queued:default");
            // Occupy the proxy's one loop so that the backend's answer and the departure wait together;
            // the answer comes first, so the permit frees and goes to the queued request, then it leaves.
            CountDownLatch blocked = new CountDownLatch(1);
            CountDownLatch go = new CountDownLatch(1);
            proxy.workers().next().execute(() -> {
                blocked.countDown();
                awaitQuietly(go);
            });
            assertThat(blocked.await(5, TimeUnit.SECONDS)).isTrue();
            backend.release();
            assertThat(backend.replied.tryAcquire(5, TimeUnit.SECONDS)).isTrue();
            gone.close();
            go.countDown();
            assertThat(first.read().status()).isEqualTo(200);
            events.await("client_gone:queued");
        }
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).as("the permit came back").isEqualTo(200);
        }
        assertThat(backend.count("/queued")).as("never forwarded").isZero();
        assertThat(proxy.metrics().scrape()).contains("stage=\"queued\"} 1.0");
    }

    @Test
    void aClientThatLeavesIsLoggedAs499ButIsNotCountedAsAResponse() throws Exception {
        Events events = start(holdingOrOk(), 0);
        leaveWhileHeld("/hold", events);
        // On the proxy's one loop, this answer comes after the departure was logged and counted.
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).as("the departed client's permit is held").isEqualTo(503);
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("status=499 reason=client_gone");
        String scrape = proxy.metrics().scrape();
        assertThat(scrape).contains("tailguard_proxy_responses_total{status=\"503\"} 1.0");
        assertThat(scrape).doesNotContain("status=\"499\"");
        backend.release();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
