package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tailguard.proxy.config.ClientLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@code Transfer-Encoding: chunked} request body of up to {@code buffer-body-bytes} is read whole
 * before its request takes a permit or a queue place, as a body with a small {@code Content-Length}
 * is; a larger one is admitted once that much has arrived and streams on; the body's pace rules hold
 * while it is read. The uploaders' slowness is the test's rounds, not wall time.
 */
class SlowChunkedUploadTest extends BackendAndProxy {

    private void start(ClientLimits limits, int maxConns, int queue) {
        proxy = ProxyServer.start(Configs.single(backend.address(), maxConns, queue, Duration.ofSeconds(30))
                .withLimits(limits));
    }

    private static ClientLimits limits(Duration bodyTimeout, long bufferBodyBytes) {
        return new ClientLimits(400, 256, 1024, 1 << 20, Duration.ofSeconds(30), Duration.ofSeconds(30))
                .withBody(bodyTimeout, 0, bufferBodyBytes);
    }

    private static String chunkedHead(String path) {
        return "POST " + path + " HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n";
    }

    @Test
    void slowChunkedUploadersHoldNeitherPermitsNorQueuePlaces() throws Exception {
        start(limits(Duration.ofSeconds(60), 64 << 10), 2, 2);
        List<RawClient> slow = new ArrayList<>();
        try (RawClient legitimate = new RawClient(proxy.boundAddress())) {
            for (int i = 0; i < 200; i++) {
                slow.add(new RawClient(proxy.boundAddress()).send(chunkedHead("/upload/" + i) + "1\r\nb\r\n"));
            }
            for (int round = 0; round < 10; round++) {
                RawClient.Response answer = legitimate.get("/now/" + round).read();
                assertThat(answer.status()).as("legitimate request in round %d", round).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("GET /now/" + round + " ");
                for (RawClient uploader : slow) {
                    uploader.send("1\r\nb\r\n");
                }
            }
            for (int i = 0; i < slow.size(); i++) {
                RawClient.Response answer = slow.get(i).send("0\r\n\r\n").read();
                assertThat(answer.status()).as("uploader %d", i).isEqualTo(200);
                assertThat(answer.body()).isEqualTo("POST /upload/" + i + " " + "b".repeat(11));
            }
        } finally {
            for (RawClient uploader : slow) {
                uploader.close();
            }
        }
        // The backend's own decoder framed each forwarded body (its aggregator drops the chunked field).
        assertThat(backend.seen).filteredOn(seen -> seen.uri().startsWith("/upload/")).hasSize(200)
                .allSatisfy(seen -> assertThat(seen.body()).isEqualTo("b".repeat(11)));
    }

    @Test
    void aChunkedBodyLargerThanTheBufferIsAdmittedOnceTheBufferIsFullAndStreams() throws Exception {
        start(limits(Duration.ofSeconds(60), 8), 1, 0);
        try (RawClient large = new RawClient(proxy.boundAddress())) {
            large.send(chunkedHead("/large") + "10\r\n" + "c".repeat(16) + "\r\n");
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                while (backend.connections.get() == 0) {
                    Thread.onSpinWait(); // admitted: its forward connects to the backend
                }
            });
            try (RawClient other = new RawClient(proxy.boundAddress())) {
                assertThat(other.get("/other").read().status()).as("the large upload holds the one permit")
                        .isEqualTo(503);
            }
            RawClient.Response answer = large.send("4\r\ndddd\r\n0\r\n\r\n").read();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("POST /large " + "c".repeat(16) + "dddd");
        }
    }

    @Test
    void aChunkedBodyThatStallsWhileBufferedIs408AndHeldNothing() throws Exception {
        start(limits(Duration.ofMillis(200), 64 << 10), 1, 0);
        try (RawClient stalled = new RawClient(proxy.boundAddress())) {
            stalled.send(chunkedHead("/stalled") + "1\r\nb\r\n");
            try (RawClient legitimate = new RawClient(proxy.boundAddress())) {
                assertThat(legitimate.get("/now").read().status()).isEqualTo(200);
            }
            RawClient.Response answer = stalled.read();
            assertThat(answer.status()).isEqualTo(408);
            assertThat(answer.header("x-tailguard-reason")).isEqualTo("body_timeout");
        }
        assertThat(backend.seen).noneMatch(seen -> seen.uri().equals("/stalled"));
    }
}
