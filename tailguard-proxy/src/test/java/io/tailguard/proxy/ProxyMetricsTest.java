package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.proxy.config.ClientRateConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.ManualClock;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProxyMetricsTest extends BackendAndProxy {

    private String scrape() throws Exception {
        try (RawClient admin = new RawClient(proxy.adminAddress())) {
            return admin.get("/metrics").read().body();
        }
    }

    @Test
    void everyRejectionReasonIsAtZeroForEveryPoolBeforeAnyRequest() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)));
        String metrics = scrape();
        for (RejectReason reason : RejectReason.values()) {
            assertThat(metrics).contains("tailguard_proxy_rejected_total{pool=\"default\",reason=\""
                    + reason.name().toLowerCase(Locale.ROOT) + "\"} 0.0");
        }
        assertThat(metrics).contains(
                "tailguard_proxy_rejected_total{pool=\"default\",reason=\"draining\"} 0.0",
                "tailguard_proxy_rejected_total{pool=\"-\",reason=\"connection_limit\"} 0.0",
                "tailguard_proxy_admitted_total{pool=\"default\"} 0.0",
                "tailguard_proxy_request_seconds_count{outcome=\"5xx\",pool=\"default\",route=\"/\"} 0");
    }

    @Test
    void everySeriesHasHelpTextAndTheJvmAndProcessAreThere() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
        }
        String metrics = scrape();
        Set<String> helped = new HashSet<>();
        Set<String> typed = new HashSet<>();
        for (String line : metrics.split("\n")) {
            if (line.startsWith("# HELP ")) {
                String[] parts = line.split(" ", 4);
                assertThat(parts).as(line).hasSize(4);
                assertThat(parts[3].isBlank()).as("HELP text of " + parts[2]).isFalse();
                helped.add(parts[2]);
            } else if (line.startsWith("# TYPE ")) {
                typed.add(line.split(" ")[2]);
            }
        }
        assertThat(helped).containsAll(typed).contains("tailguard_proxy_upstream_seconds",
                "tailguard_proxy_responses_total", "tailguard_proxy_request_seconds", "jvm_memory_used_bytes",
                "jvm_threads_live_threads", "process_cpu_usage", "process_uptime_seconds", "system_cpu_count");
    }

    @Test
    void clientSideLatencyRunsFromTheFirstByteToTheAnswerByRoutePoolAndStatusClass() throws Exception {
        ManualClock clock = new ManualClock();
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)), clock);
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            client.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            clock.advance(Duration.ofMillis(250));
            held.answer();
            assertThat(client.read().status()).isEqualTo(200);
        }
        String metrics = scrape();
        assertThat(metrics).contains(
                "tailguard_proxy_request_seconds_count{outcome=\"2xx\",pool=\"default\",route=\"/\"} 1",
                "tailguard_proxy_request_seconds_sum{outcome=\"2xx\",pool=\"default\",route=\"/\"} 0.25",
                "tailguard_proxy_request_seconds_bucket{outcome=\"2xx\",pool=\"default\",route=\"/\",le=\"0.178956969\"} 0",
                "tailguard_proxy_request_seconds_bucket{outcome=\"2xx\",pool=\"default\",route=\"/\",le=\"0.268435456\"} 1");
    }

    @Test
    void aRateLimitedRequestIsLoggedWithItsPoolItsBoundedKeyAndATime() throws Exception {
        RouteConfig perKey = new RouteConfig(null, "/", "default", Duration.ZERO, null,
                new ClientRateConfig(new RateConfig(1, 1), "X-Api-Key", 100, Duration.ofMinutes(1)), null);
        ProxyConfig config = Configs.routed(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)).pools().get(0),
                perKey);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Clock wall = Clock.fixed(Instant.parse("2026-12-01T22:00:00.125Z"), ZoneOffset.UTC);
        String longKey = "k".repeat(100) + " x";
        proxy = ProxyServer.start(config, new ManualClock(), AccessLog.to(log, wall));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/a", "X-Api-Key: " + longKey).read().status()).isEqualTo(200);
            assertThat(client.get("/a", "X-Api-Key: " + longKey).read().status()).isEqualTo(429);
        }
        String[] lines = log.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("time=2026-12-01T22:00:00.125Z method=GET uri=/a status=200 ")
                .endsWith(" pool=default client=127.0.0.1");
        assertThat(lines[1]).startsWith("time=2026-12-01T22:00:00.125Z method=GET uri=/a status=429 reason=rate_limited ")
                .endsWith(" pool=default client=127.0.0.1 key=" + "k".repeat(AccessLog.MAX_KEY_CHARS));
    }

    @Test
    void aKeyIsCutAndCannotSplitTheLine() {
        assertThat(AccessLog.bounded("a b\tc\nd")).isEqualTo("a?b?c?d");
        assertThat(AccessLog.bounded("")).isEqualTo("-");
        assertThat(AccessLog.bounded("x".repeat(200))).hasSize(AccessLog.MAX_KEY_CHARS);
    }
}
