package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Interim responses (RFC 9110 §15.2) are relayed or dropped, and the exchange goes on to its final answer. */
class InterimResponseTest extends ScriptedBackendAndProxy {

    private static final String EARLY_HINTS = "HTTP/1.1 103 Early Hints\r\nLink: </s.css>; rel=preload\r\n\r\n";

    private static String path(String head) {
        return head.split(" ")[1];
    }

    @Test
    void earlyHintsReachAnHttp11ClientAndTheFinalResponseFollows() throws Exception {
        start(head -> EARLY_HINTS + ScriptedBackend.ok(path(head)));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.get("/a");
            RawClient.Response hints = client.read();
            assertThat(hints.status()).isEqualTo(103);
            assertThat(hints.header("link")).isEqualTo("</s.css>; rel=preload");
            assertThat(client.read().body()).isEqualTo("/a");
            RawClient.Response next = client.get("/b").read();
            assertThat(next.status()).isEqualTo(103);
            assertThat(client.read().body()).as("the second request gets its own answer").isEqualTo("/b");
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("uri=/a status=200").doesNotContain("status=103");
        assertThat(proxy.metrics().scrape()).doesNotContain("status=\"103\"");
    }

    @Test
    void anHttp10ClientGetsOnlyTheFinalResponse() throws Exception {
        start(head -> EARLY_HINTS + "HTTP/1.1 100 Continue\r\n\r\n" + ScriptedBackend.ok(path(head)));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("GET /old HTTP/1.0\r\nHost: t\r\n\r\n");
            RawClient.Response response = client.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("/old");
        }
    }

    @Test
    void aContinueNobodyAskedForIsDroppedAndTheClosingFinalAnswerArrives() throws Exception {
        start(head -> "HTTP/1.1 100 Continue\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 4\r\n\r\nlast");
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("GET /c HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            RawClient.Response response = client.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("last");
            assertThat(client.closedByServer()).isTrue();
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("uri=/c status=200");
    }

    @Test
    void switchingProtocolsWithoutAnUpgradeIs502AndClose() throws Exception {
        start(head -> "HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\nraw bytes");
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.get("/ws").read();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.header("x-tailguard-reason")).isEqualTo("upstream_malformed");
        }
    }
}
