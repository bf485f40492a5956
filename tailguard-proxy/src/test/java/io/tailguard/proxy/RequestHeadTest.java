package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.NanoClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every malformed request head gets an answer and a log line; {@code Connection} cannot strip what
 * the exchange needs.
 */
class RequestHeadTest extends ScriptedBackendAndProxy {

    @BeforeEach
    void start() throws Exception {
        backend = new ScriptedBackend(head -> ScriptedBackend.ok("ok"));
        proxy = ProxyServer.start(Configs.single(backend.address(), 4, 0, Duration.ofSeconds(1)), NanoClock.system(),
                AccessLog.to(log));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x5", "5, 5", "18446744073709551617", "-1", "+5", "5 5", ""})
    void aContentLengthThatIsNotOneDecimalIs400WithALogLine(String value) throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.send("POST /cl HTTP/1.1\r\nHost: t\r\nContent-Length: " + value
                    + "\r\n\r\nhello").read();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("x-tailguard-reason")).isEqualTo("bad_content_length");
            assertThat(client.closedByServer()).isTrue();
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("uri=/cl status=400 reason=bad_content_length");
        assertThat(backend.requests).isEmpty();
    }

    @Test
    void hostListedInConnectionIsStillForwarded() throws Exception {
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response response = client.send("POST /h HTTP/1.1\r\nHost: app.test\r\nConnection: Host, "
                    + "Content-Length, Transfer-Encoding, X-Hop\r\nX-Hop: 1\r\nContent-Length: 2\r\n\r\nhi").read();
            assertThat(response.status()).isEqualTo(200);
        }
        String head = backend.requests.get(0).toLowerCase(java.util.Locale.ROOT);
        assertThat(head).contains("\r\nhost: app.test").contains("\r\ncontent-length: 2").doesNotContain("x-hop");
        assertThat(head).doesNotContain("transfer-encoding");
    }
}
