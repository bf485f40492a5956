package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A backend's response never leaks into another exchange: a connection is reused only at a clean
 * message boundary, and a request that got any answer is never sent again. The proxy runs one event
 * loop, so every client shares its pool of backend connections.
 */
class ResponseFramingTest extends ScriptedBackendAndProxy {

    /** The first request gets {@code first}; every later one a plain 200 naming its path. */
    private static Function<String, String> firstThen(String first) {
        AtomicInteger n = new AtomicInteger();
        return head -> n.getAndIncrement() == 0 ? first : ScriptedBackend.ok(head.split(" ")[1]);
    }

    @Test
    void bytesAfterA204NeverReachTheNextClient() throws Exception {
        start(firstThen("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\nX-Injected: 1\r\nX-Pad: "));
        try (RawClient attacker = new RawClient(proxy.boundAddress())) {
            assertThat(attacker.get("/a").read().status()).isEqualTo(204);
        }
        try (RawClient victim = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = victim.get("/victim").read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("x-injected")).isNull();
            assertThat(response.body()).isEqualTo("/victim");
        }
        assertThat(backend.connections.get()).as("the dirty connection was not reused").isEqualTo(2);
    }

    @Test
    void bytesAfterAHeadResponseNeverReachTheNextClient() throws Exception {
        start(firstThen("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nHTTP/1.1 200 OK\r\nX-Injected: 1\r\nX-Pad: "));
        try (RawClient attacker = new RawClient(proxy.boundAddress())) {
            attacker.send("HEAD /a HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(attacker.readHead().status()).isEqualTo(200);
        }
        try (RawClient victim = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = victim.get("/victim").read();
            assertThat(response.header("x-injected")).isNull();
            assertThat(response.body()).isEqualTo("/victim");
        }
    }

    @Test
    void aCompleteExtraResponseInTheSameReadIsNotTakenForTheNextOne() throws Exception {
        start(firstThen("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na"
                + "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged"));
        try (RawClient first = new RawClient(proxy.boundAddress())) {
            assertThat(first.get("/a").read().body()).isEqualTo("a");
        }
        try (RawClient victim = new RawClient(proxy.boundAddress())) {
            assertThat(victim.get("/victim").read().body()).isEqualTo("/victim");
        }
    }

    @Test
    void aCleanResponseKeepsItsConnectionForTheNextRequest() throws Exception {
        start(head -> ScriptedBackend.ok(head.split(" ")[1]));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().body()).isEqualTo("/a");
            assertThat(client.get("/b").read().body()).isEqualTo("/b");
        }
        assertThat(backend.connections.get()).isEqualTo(1);
    }

    @Test
    void aMalformedAnswerOnAReusedConnectionIs502AndTheRequestIsSentOnce() throws Exception {
        AtomicInteger n = new AtomicInteger();
        start(head -> n.getAndIncrement() == 0 ? ScriptedBackend.ok("a")
                : "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab");
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            RawClient.Response response = client.get("/twice").read();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.header("x-tailguard-reason")).isEqualTo("upstream_malformed");
        }
        assertThat(backend.count("/twice")).as("sent once, never replayed").isEqualTo(1);
    }

    @Test
    void aBadStatusLineOnAReusedConnectionIsNotReplayed() throws Exception {
        AtomicInteger n = new AtomicInteger();
        start(head -> n.getAndIncrement() == 0 ? ScriptedBackend.ok("a") : "HTTP/1.1 2x0 Nope\r\n\r\n");
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            assertThat(client.get("/twice").read().status()).isEqualTo(502);
        }
        assertThat(backend.count("/twice")).isEqualTo(1);
    }
}
