package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Many clients at once: the cap is never exceeded and every permit comes back. */
class ConcurrencyTest {

    @Test
    void theBackendNeverSeesMoreThanTheCapAndInFlightReturnsToZero() throws Exception {
        int clients = 16;
        int requestsEach = 25;
        try (TestBackend backend = new TestBackend();
             ProxyServer proxy = ProxyServer.start(Configs.single(backend.address(), 3, clients,
                     Duration.ofSeconds(30)))) {
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                List<Future<Integer>> results = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    int client = c;
                    results.add(pool.submit(() -> {
                        int ok = 0;
                        try (RawClient raw = new RawClient(proxy.boundAddress())) {
                            for (int r = 0; r < requestsEach; r++) {
                                RawClient.Response response = raw.get("/delay/" + client + "/" + r).read();
                                ok += response.status() == 200 ? 1 : 0;
                            }
                        }
                        return ok;
                    }));
                }
                int ok = 0;
                for (Future<Integer> result : results) {
                    ok += result.get(60, TimeUnit.SECONDS);
                }
                assertThat(ok).as("the queue holds every client: nobody is rejected").isEqualTo(clients * requestsEach);
            } finally {
                pool.shutdownNow();
            }
            assertThat(backend.mostWorking.get()).isBetween(1, 3);
            assertThat(proxy.metrics().registry().get("tailguard.limiter.in.flight").gauge().value()).isZero();
            assertThat(proxy.metrics().registry().get("tailguard.proxy.queue.depth").gauge().value()).isZero();
        }
    }
}
