package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.ClientLimits;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Clients that hold what they took (connections, permits, queue places) cannot lock a legitimate
 * client out, and a client that keeps sending after an error still reads its answer.
 */
class AbusiveClientTest extends ScriptedBackendAndProxy {

    private void start(ClientLimits limits, int maxConns, int queue) throws Exception {
        backend = new ScriptedBackend(head -> head.startsWith("GET /hold") ? ScriptedBackend.HOLD
                : ScriptedBackend.ok(head.split(" ")[1]));
        proxy = ProxyServer.start(Configs.single(backend.address(), maxConns, queue, Duration.ofSeconds(30))
                .withLimits(limits));
    }

    private static ClientLimits limits(int maxConnections) {
        return new ClientLimits(maxConnections, 256, 1024, 1000, Duration.ofSeconds(30), Duration.ofSeconds(30));
    }

    @Test
    void aClientThatKeepsSendingAfterA414StillReadsIt() throws Exception {
        start(limits(10), 1, 0);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.send("GET /" + "a".repeat(400) + " HTTP/1.1\r\nHost: t\r\n\r\n" + "x".repeat(64 << 10));
            assertThat(client.read().status()).isEqualTo(414);
            client.send("x".repeat(64 << 10)); // still sending, as a client uploading a body does
            assertThat(client.closedInOrder()).as("a FIN after the answer, not a reset").isTrue();
        }
    }

    @Test
    void aBodyThatNeverComesIs408AndFreesTheBackendConnectionAndPermit() throws Exception {
        start(limits(10).withBody(Duration.ofMillis(200), 240, 0), 1, 0);
        try (RawClient waiting = new RawClient(proxy.boundAddress())) {
            waiting.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n");
            assertThat(waiting.read().status()).isEqualTo(100);
            RawClient.Response response = waiting.read();
            assertThat(response.status()).isEqualTo(408);
            assertThat(response.header("x-tailguard-reason")).isEqualTo("body_timeout");
        }
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).as("the permit came back").isEqualTo(200);
        }
    }

    @Test
    void aSlowSmallUploadHoldsNeitherAPermitNorAQueuePlace() throws Exception {
        start(limits(10), 1, 0);
        try (RawClient slow = new RawClient(proxy.boundAddress())) {
            slow.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n" + "b".repeat(10));
            try (RawClient legitimate = new RawClient(proxy.boundAddress())) {
                assertThat(legitimate.get("/now").read().status()).isEqualTo(200);
            }
            slow.send("b".repeat(90));
            assertThat(slow.read().body()).isEqualTo("/upload");
        }
    }

    @Test
    void idleConnectionsAtTheLimitMakeRoomForANewClient() throws Exception {
        start(limits(3), 4, 0);
        RawClient[] idle = new RawClient[3];
        try {
            for (int i = 0; i < idle.length; i++) {
                idle[i] = new RawClient(proxy.boundAddress());
                assertThat(idle[i].get("/idle" + i).read().status()).isEqualTo(200);
            }
            try (RawClient legitimate = new RawClient(proxy.boundAddress())) {
                assertThat(legitimate.get("/new").read().status()).isEqualTo(200);
            }
            assertThat(idle[0].closedByServer()).as("the longest idle made room").isTrue();
            assertThat(idle[2].get("/still").read().status()).isEqualTo(200);
        } finally {
            RawClient.closeAll(idle);
        }
    }

    @Test
    void aConnectionWithARequestInProgressIsNeverClosedToMakeRoom() throws Exception {
        start(limits(2), 4, 0);
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            a.get("/hold/a");
            b.get("/hold/b");
            assertThat(backend.heldNow.tryAcquire(2, 5, TimeUnit.SECONDS)).isTrue();
            try (RawClient over = new RawClient(proxy.boundAddress())) {
                assertThat(over.closedByServer()).isTrue();
            }
            backend.release();
            backend.release();
            assertThat(a.read().status()).isEqualTo(200);
            assertThat(b.read().status()).isEqualTo(200);
        }
    }

    @Test
    void underPressureIdleConnectionsCloseAfterTheShorterTimeout() throws Exception {
        start(limits(4).withIdleTimeoutUnderPressure(Duration.ofMillis(200)), 4, 0);
        RawClient[] clients = new RawClient[3];
        try {
            for (int i = 0; i < clients.length; i++) {
                clients[i] = new RawClient(proxy.boundAddress());
            }
            for (RawClient client : clients) {
                assertThat(client.get("/once").read().status()).isEqualTo(200);
            }
            int closed = 0;
            RawClient survivor = null;
            for (RawClient client : clients) {
                if (client.closedByServerWithin(Duration.ofSeconds(1))) {
                    closed++;
                } else {
                    survivor = client;
                }
            }
            assertThat(closed).as("idle ones closed long before the 30 s idle timeout, until under 3 of 4 open")
                    .isBetween(1, 3);
            if (survivor != null) {
                assertThat(survivor.get("/after").read().status()).isEqualTo(200);
            }
        } finally {
            RawClient.closeAll(clients);
        }
    }

    @Test
    void pressureThatBeginsAfterAConnectionWentIdleStillClosesItSoon() throws Exception {
        start(limits(4).withIdleTimeoutUnderPressure(Duration.ofMillis(200)), 4, 0);
        try (RawClient early = new RawClient(proxy.boundAddress())) {
            assertThat(early.get("/alone").read().status()).isEqualTo(200);
            try (RawClient second = new RawClient(proxy.boundAddress());
                    RawClient third = new RawClient(proxy.boundAddress())) {
                second.get("/hold/two");
                third.get("/hold/three");
                assertThat(backend.heldNow.tryAcquire(2, 5, TimeUnit.SECONDS)).isTrue();
                assertThat(early.closedByServer())
                        .as("idle since before the pressure, closed long before the 30 s idle timeout").isTrue();
                backend.release();
                backend.release();
                assertThat(second.read().status()).isEqualTo(200);
                assertThat(third.read().status()).isEqualTo(200);
            }
        }
    }
}
