package io.tailguard.lab.live.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.tailguard.time.NanoClock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class EdgeClientsTest {

    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(2);

    @Test
    void eachClientSendsItsIdAndDeadlineAndGivesUpAfterTheClientTimeout() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Map<String, String> deadlines = new ConcurrentHashMap<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            String id = exchange.getRequestHeaders().getFirst("X-Request-Id");
            deadlines.put(id, String.valueOf(exchange.getRequestHeaders().getFirst(EdgeClients.DEADLINE_HEADER)));
            if (id.endsWith("-1")) {
                awaitQuietly(never); // request 1 is never answered: its client must give up
            }
            exchange.sendResponseHeaders(id.endsWith("-2") ? 503 : 200, -1);
            exchange.close();
        });
        server.start();
        try {
            // the client timeout is also what the answered clients have for their answers: on a loaded
            // machine the JDK's server may take longer than a few hundred milliseconds to answer
            EdgeTiming timing = new EdgeTiming(Duration.ofMillis(50), Duration.ofMillis(5), Duration.ofSeconds(1),
                    CLIENT_TIMEOUT, 3, 1);
            EdgeSetup setup = new EdgeSetup(EdgeSetup.Proxy.NGINX, true);
            List<EdgeClients.Outcome> outcomes = new EdgeClients(NanoClock.system())
                    .run(setup, server.getAddress().getPort(), timing);

            assertThat(outcomes).extracting(EdgeClients.Outcome::status).containsExactly("200", "timeout", "503");
            assertThat(outcomes.get(1).clientSeconds()).isGreaterThanOrEqualTo(CLIENT_TIMEOUT.toNanos() / 1e9);
            assertThat(deadlines).containsEntry("nginx-client-timeout-0", "2000")
                    .containsEntry("nginx-client-timeout-2", "2000");
        } finally {
            never.countDown();
            server.stop(0);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
