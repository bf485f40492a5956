package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.ops.AccessLog;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OperationsTest extends BackendAndProxy {

    @Test
    void adminListenerServesMetricsHealthAndReadiness() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)));
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            a.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            assertThat(b.get("/b").read().status()).isEqualTo(503);
            try (RawClient admin = new RawClient(proxy.adminAddress())) {
                RawClient.Response metrics = admin.get("/metrics").read();
                assertThat(metrics.status()).isEqualTo(200);
                String backendTag = "backend=\"127.0.0.1:" + backend.address().getPort() + "\"";
                assertThat(metrics.body()).contains(
                        "tailguard_proxy_admitted_total{pool=\"default\"} 1.0",
                        "tailguard_proxy_rejected_total{pool=\"default\",reason=\"concurrency_limited\"} 1.0",
                        "tailguard_limiter_in_flight{" + backendTag + ",pool=\"default\"} 1.0",
                        "tailguard_limiter_limit{" + backendTag + ",pool=\"default\"} 1.0",
                        "tailguard_proxy_queue_depth{pool=\"default\"} 0.0");
                assertThat(admin.get("/healthz").read().body()).isEqualTo("ok\n");
                assertThat(admin.get("/readyz").read().status()).isEqualTo(200);
            }
            held.answer();
            assertThat(a.read().status()).isEqualTo(200);
            try (RawClient admin = new RawClient(proxy.adminAddress())) {
                String metrics = admin.get("/metrics").read().body();
                assertThat(metrics).contains("tailguard_proxy_upstream_seconds_bucket{")
                        .contains("tailguard_proxy_upstream_seconds_count{backend=\"127.0.0.1:"
                                + backend.address().getPort() + "\",outcome=\"success\"} 1");
            }
        }
    }

    @Test
    void writesOneAccessLogLinePerRequest() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)),
                io.tailguard.time.NanoClock.system(), AccessLog.to(log));
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            a.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            assertThat(b.get("/b?x=1").read().status()).isEqualTo(503);
            held.answer();
            assertThat(a.read().status()).isEqualTo(200);
        }
        String[] lines = log.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).matches("time=\\S+Z method=GET uri=/b\\?x=1 status=503 reason=concurrency_limited queue_ms=0\\.0 "
                + "upstream_ms=- total_ms=\\d+\\.\\d pool=default client=127\\.0\\.0\\.1");
        assertThat(lines[1]).matches("time=\\S+Z method=GET uri=/hold/a status=200 reason=- queue_ms=0\\.0 "
                + "upstream_ms=\\d+\\.\\d total_ms=\\d+\\.\\d pool=default client=127\\.0\\.0\\.1");
    }

    @Test
    void drainingFinishesTheRequestInFlightAndRefusesNewOnes() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 2, 0, Duration.ofSeconds(1)));
        try (RawClient inFlight = new RawClient(proxy.boundAddress()); RawClient idle = new RawClient(proxy.boundAddress())) {
            assertThat(idle.get("/warm").read().status()).isEqualTo(200);
            inFlight.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(() -> {
                try {
                    return proxy.drain(Duration.ofSeconds(10));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(idle.closedByServer()).as("an idle keep-alive connection is closed at once").isTrue();
            try (RawClient admin = new RawClient(proxy.adminAddress())) {
                assertThat(admin.get("/readyz").read().status()).isEqualTo(503);
            }
            assertThat(drained).isNotDone();
            held.answer();
            RawClient.Response last = inFlight.read();
            assertThat(last.status()).isEqualTo(200);
            assertThat(last.header("connection")).isEqualTo("close");
            assertThat(drained.get(5, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(catchRefused()).as("no longer accepting").isTrue();
    }

    private boolean catchRefused() {
        try (RawClient late = new RawClient(proxy.boundAddress())) {
            return late.closedByServer();
        } catch (java.io.IOException refused) {
            return true;
        }
    }
}
