package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.TestBackend.Held;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ForwardingTest extends BackendAndProxy {

    @BeforeEach
    void start() {
        proxy = ProxyServer.start(ProxyConfig.single(new InetSocketAddress("127.0.0.1", 0), backend.address(),
                4, 4, Duration.ofSeconds(5)).withAccessLog("off"));
    }

    @Test
    void forwardsGetsOnOneKeptAliveClientConnectionOverOnePooledBackendConnection() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response first = client.get("/a?x=1").read();
            RawClient.Response second = client.get("/b").read();
            assertThat(first.status()).isEqualTo(200);
            assertThat(first.body()).isEqualTo("GET /a?x=1 ");
            assertThat(second.body()).isEqualTo("GET /b ");
            assertThat(first.header("via")).isEqualTo("1.1 tailguard");
            assertThat(first.header("keep-alive")).as("hop-by-hop header of the backend").isNull();
        }
        assertThat(backend.connections.get()).isEqualTo(1);
    }

    @Test
    void relaysAResponseWhoseHeadAndBodyArriveSeparately() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/split").read().body()).isEqualTo("GET /split ");
            assertThat(client.get("/split/again").read().body()).isEqualTo("GET /split/again ");
        }
    }

    @Test
    void anHttp10ClientGetsAChunkedBackendBodyDelimitedByTheClose() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("GET /chunked HTTP/1.0\r\nHost: test\r\nConnection: keep-alive\r\n\r\n");
            RawClient.Response response = client.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("transfer-encoding")).isNull();
            assertThat(response.header("connection")).isEqualTo("close");
            assertThat(new String(client.readToEnd(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo("GET /chunked ");
        }
    }

    @Test
    void anHttp10BackendIsAnsweredInTheProxysOwnVersionWithItsBodyChunked() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.get("/http10").read();
            assertThat(response.version()).isEqualTo("HTTP/1.1");
            assertThat(response.header("transfer-encoding")).isEqualTo("chunked");
            assertThat(response.header("via")).isEqualTo("1.0 tailguard");
            assertThat(response.body()).isEqualTo("GET /http10 ");
            assertThat(client.get("/a").read().body()).as("the client connection stays usable").isEqualTo("GET /a ");
        }
    }

    @Test
    void aBodilessGetLostOnAReusedConnectionIsRetriedOnceOnANewOne() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200); // leaves a pooled connection
            RawClient.Response lost = client.get("/drop").read();
            assertThat(lost.status()).isEqualTo(502);
            assertThat(lost.header("x-tailguard-reason")).isEqualTo("upstream_closed");
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/a", "/drop", "/drop");
        assertThat(backend.connections.get()).isEqualTo(2);
        TestBackend.Seen resent = backend.seen.get(2);
        assertThat(resent.headers().getAll("X-Forwarded-For")).as("the head is prepared once, then resent")
                .containsExactly("127.0.0.1");
        assertThat(resent.headers().getAll("Via")).containsExactly("1.1 tailguard");
    }

    @Test
    void aPostLostOnAReusedConnectionIsNotRetried() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            client.send("POST /drop HTTP/1.1\r\nHost: test\r\nContent-Length: 1\r\n\r\nx");
            assertThat(client.read().status()).isEqualTo(502);
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/a", "/drop");
    }

    @Test
    void aHeadResponseKeepsItsLengthAndHasNoBody() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("HEAD /h HTTP/1.1\r\nHost: test\r\n\r\n");
            RawClient.Response head = client.readHead();
            assertThat(head.status()).isEqualTo(200);
            assertThat(head.header("content-length")).isEqualTo("8");
            assertThat(client.get("/after").read().body()).as("no stray body bytes before the next answer")
                    .isEqualTo("GET /after ");
        }
    }

    @Test
    void expectContinueGets100ThenTheAnswer() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("POST /e HTTP/1.1\r\nHost: test\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n");
            assertThat(client.read().status()).isEqualTo(100);
            client.send("ok");
            assertThat(client.read().body()).isEqualTo("POST /e ok");
        }
        assertThat(backend.seen.get(0).headers().contains("Expect")).isFalse();
    }

    @Test
    void addsForwardingHeadersAndRemovesHopByHopOnes() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.get("/h", "Connection: keep-alive, X-Secret", "X-Secret: 1", "Proxy-Authorization: x",
                    "TE: trailers", "X-Forwarded-For: 10.0.0.1").read();
        }
        TestBackend.Seen seen = backend.seen.get(0);
        assertThat(seen.headers().get("X-Forwarded-For")).isEqualTo("10.0.0.1, 127.0.0.1");
        assertThat(seen.headers().get("Forwarded")).isEqualTo("for=127.0.0.1;proto=http;host=\"test\"");
        assertThat(seen.headers().get("Via")).isEqualTo("1.1 tailguard");
        assertThat(seen.headers().contains("X-Secret")).isFalse();
        assertThat(seen.headers().contains("Proxy-Authorization")).isFalse();
        assertThat(seen.headers().contains("TE")).isFalse();
        assertThat(seen.headers().get("Host")).isEqualTo("test");
    }

    @Test
    void streamsPostBodiesWithLengthAndChunked() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello");
            assertThat(client.read().body()).isEqualTo("POST /p hello");
            client.send("POST /c HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n");
            assertThat(client.read().body()).isEqualTo("POST /c abcdefg");
        }
    }

    @Test
    void streamsALargeBodyThroughWithoutLosingBytes() throws Exception {
        String body = "x".repeat(3_000_000);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("POST /big HTTP/1.1\r\nHost: test\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
            RawClient.Response response = client.read();
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).hasSize(body.length() + "POST /big ".length());
        }
    }

    @Test
    void answers502WhenTheBackendRefusesConnections() throws Exception {
        InetSocketAddress closedPort;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = new InetSocketAddress("127.0.0.1", probe.getLocalPort());
        }
        try (ProxyServer refused = ProxyServer.start(ProxyConfig.single(new InetSocketAddress("127.0.0.1", 0),
                closedPort, 1, 0, Duration.ofSeconds(1)).withAccessLog("off"));
             RawClient client = new RawClient(refused.boundAddress())) {
            RawClient.Response response = client.get("/").read();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.header("x-tailguard-reason")).isEqualTo("upstream_connect_failed");
        }
    }

    @Test
    void anIdlePooledBackendConnectionIsClosedAfterTheIdleTimeoutAndABusyOneIsNot() throws Exception {
        PoolConfig d = PoolConfig.of("default", java.util.List.of(backend.address()));
        PoolConfig pool = new PoolConfig(d.name(), d.backends(), 1, d.limit(), 0, d.queueTimeout(), d.discipline(),
                d.balancer(), d.connectTimeout(), Duration.ofSeconds(5), Duration.ofMillis(300), d.retryBudget(),
                d.ejectAfter(), d.ejectFor());
        try (ProxyServer shortIdle = ProxyServer.start(Configs.withPool(pool));
             RawClient client = new RawClient(shortIdle.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            client.get("/hold/long"); // in use for longer than the idle timeout: not closed under it
            Held held = backend.nextHeld();
            assertThat(backend.disconnected.poll(600, TimeUnit.MILLISECONDS)).as("busy, so kept").isNull();
            held.answer();
            assertThat(client.read().status()).isEqualTo(200);
            assertThat(backend.disconnected.poll(5, TimeUnit.SECONDS)).as("idle in the pool, so closed").isNotNull();
            assertThat(backend.connections.get()).isEqualTo(1);
        }
    }
}
