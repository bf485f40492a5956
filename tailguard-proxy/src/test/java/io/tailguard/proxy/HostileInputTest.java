package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.ClientLimits;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every answer here goes over a real socket: hostile input gets a clear status and costs little. */
class HostileInputTest extends BackendAndProxy {

    @BeforeEach
    void start() {
        ClientLimits limits = new ClientLimits(3, 256, 1024, 100, Duration.ofMillis(200), Duration.ofMillis(300));
        proxy = ProxyServer.start(Configs.single(backend.address(), 4, 0, Duration.ofSeconds(1)).withLimits(limits));
    }

    private RawClient.Response sendAndExpectClose(String bytes, int status) throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.send(bytes).read();
            assertThat(response.status()).isEqualTo(status);
            assertThat(client.closedByServer()).as("the connection is closed after %s", status).isTrue();
            return response;
        }
    }

    /**
     * Input the proxy answers itself and closes on: what it is, the bytes, the status, and whether
     * the test also checks that none of it reached the backend.
     */
    static Stream<Arguments> refused() {
        String chunk = "a".repeat(60);
        return Stream.of(
                Arguments.of("a malformed request line", "GARBAGE\r\n\r\n", 400, true),
                Arguments.of("an HTTP version other than 1.0 or 1.1", "GET /a HTTP/9.9\r\nHost: t\r\n\r\n", 505, true),
                Arguments.of("a malformed header", "GET / HTTP/1.1\r\nHost: t\r\nBad Header: x\r\n\r\n", 400, true),
                Arguments.of("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400, true),
                Arguments.of("two Hosts", "GET / HTTP/1.1\r\nHost: t\r\nHost: u\r\n\r\n", 400, true),
                Arguments.of("a declared body over the limit",
                        "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 101\r\n\r\n", 413, true),
                Arguments.of("Content-Length with Transfer-Encoding", "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n", 400, true),
                Arguments.of("a transfer coding other than chunked",
                        "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 400, true),
                Arguments.of("headers over the limit",
                        "GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + "a".repeat(2000) + "\r\n\r\n", 431, false),
                Arguments.of("a request line over the limit",
                        "GET /" + "a".repeat(400) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414, false),
                Arguments.of("a chunked body that grows over the limit", "POST /hold HTTP/1.1\r\nHost: t\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n3c\r\n" + chunk + "\r\n3c\r\n" + chunk + "\r\n0\r\n\r\n", 413, false),
                Arguments.of("a malformed chunk size",
                        "POST /p HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", 400, false),
                Arguments.of("an invalid timeout header",
                        "GET / HTTP/1.1\r\nHost: t\r\nX-Request-Timeout-Ms: soon\r\n\r\n", 400, false));
    }

    @ParameterizedTest(name = "{0} is {2} and close")
    @MethodSource("refused")
    void refusedInputIsAnsweredAndClosed(String what, String bytes, int status, boolean neverForwarded)
            throws Exception {
        sendAndExpectClose(bytes, status);
        if (neverForwarded) {
            assertThat(backend.seen).isEmpty();
        }
    }

    @Test
    void headersNotCompleteInTimeAre408AndClose() throws Exception {
        RawClient.Response response = sendAndExpectClose("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ", 408);
        assertThat(response.header("x-tailguard-reason")).isEqualTo("header_timeout");
    }

    @Test
    void anIdleKeepAliveConnectionIsClosedWithoutAResponse() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            assertThat(client.closedByServer()).isTrue();
        }
    }

    @Test
    void aConnectionInUseOutlivesTheIdleTimeoutThatStartedBeforeItsLastRequest() throws Exception {
        NanoClock clock = NanoClock.system();
        long endNanos = clock.nanoTime() + 3 * Duration.ofMillis(300).toNanos(); // three idle timeouts
        int served = 0;
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            while (clock.nanoTime() - endNanos < 0) {
                assertThat(client.get("/busy").read().status()).as("request %d", served).isEqualTo(200);
                served++;
            }
            assertThat(client.closedByServer()).as("closed once idle, with no response").isTrue();
        }
        assertThat(served).isGreaterThan(1);
    }

    @Test
    void connectionsOverTheCapAreClosedOnAcceptWhenNoneIsIdle() throws Exception {
        proxy.close(); // a long idle timeout here, so no connection closes while the test runs
        proxy = ProxyServer.start(Configs.single(backend.address(), 4, 0, Duration.ofSeconds(1))
                .withLimits(new ClientLimits(3, 256, 1024, 100, Duration.ofSeconds(30), Duration.ofSeconds(30))));
        RawClient[] open = new RawClient[3];
        TestBackend.Held[] held = new TestBackend.Held[3];
        try {
            for (int i = 0; i < open.length; i++) {
                // A request the backend holds proves its connection was accepted, and keeps it busy.
                open[i] = new RawClient(proxy.boundAddress());
                open[i].get("/hold/" + i);
                held[i] = backend.nextHeld();
            }
            try (RawClient over = new RawClient(proxy.boundAddress())) {
                assertThat(over.closedByServer()).isTrue();
            }
            for (int i = 0; i < open.length; i++) {
                held[i].answer();
                assertThat(open[i].read().status()).isEqualTo(200);
            }
        } finally {
            RawClient.closeAll(open);
        }
    }

    @Test
    void connectIs405AndAbsoluteFormToAnotherHostIs400() throws Exception {
        sendAndExpectClose("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 405);
        RawClient.Response open = sendAndExpectClose(
                "GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n", 400);
        assertThat(open.header("x-tailguard-reason")).isEqualTo("absolute_form_not_backend");
        assertThat(backend.seen).isEmpty();
    }

    @Test
    void absoluteFormToAConfiguredBackendIsServedInOriginForm() throws Exception {
        InetSocketAddress address = backend.address();
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            String target = "http://127.0.0.1:" + address.getPort() + "/abs?q=1";
            RawClient.Response response = client.send("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n").read();
            assertThat(response.body()).isEqualTo("GET /abs?q=1 ");
        }
        assertThat(backend.seen.get(0).headers().get("Host")).isEqualTo("127.0.0.1:" + address.getPort());
    }

}
