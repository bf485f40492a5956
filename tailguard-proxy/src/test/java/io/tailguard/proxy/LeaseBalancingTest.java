package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.load.backend.LeaseBackend;
import io.tailguard.load.backend.LeasePolicy;
import io.tailguard.path.BalancerKind;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The proxy as lease requester, against the real lease-granting backend over loopback. */
class LeaseBalancingTest {

    private final LeaseBackend[] backends = new LeaseBackend[2];
    private ProxyServer proxy;

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        for (LeaseBackend backend : backends) {
            if (backend != null) {
                backend.close();
            }
        }
    }

    private static LeaseBackend backend(int port, String lease, long seed) {
        return LeaseBackend.start(new InetSocketAddress("127.0.0.1", port), DelayTable.parse("=>0"),
                LeasePolicy.parse(lease, NanoClock.system()), NanoClock.system(), Scheduler.system(),
                new SplittableRandom(seed));
    }

    private void startProxy(BalancerKind balancer) {
        PoolConfig d = PoolConfig.of("default", List.of(backends[0].address(), backends[1].address()));
        PoolConfig pool = new PoolConfig("default", d.backends(), 100, d.limit(), 0, d.queueTimeout(), d.discipline(),
                balancer, d.connectTimeout(), d.responseTimeout(), d.idleTimeout(), d.retryBudget(), 2,
                Duration.ofSeconds(10));
        proxy = ProxyServer.start(Configs.withPool(pool).withAccessLog("off"));
    }

    private HttpResponse<String> get() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.boundAddress().getPort() + "/")).timeout(Duration.ofSeconds(5))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private String metrics() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.adminAddress().getPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    @Test
    void theFirstRequestAlreadyHasLeasesAndTheyAreSpentWhereMostIsLeft() throws Exception {
        backends[0] = backend(0, "static:3/1h", 1);
        backends[1] = backend(0, "static:2/1h", 2);
        startProxy(BalancerKind.LEAST_LOADED_BY_LEASE);
        assertThat(metrics()).contains("tailguard_proxy_lease_allowed{backend=\"" + name(0) + "\",pool=\"default\"} 3.0");
        for (int i = 0; i < 5; i++) {
            assertThat(get().statusCode()).isEqualTo(200);
        }
        assertThat(backends[0].accepted()).isEqualTo(3);
        assertThat(backends[1].accepted()).isEqualTo(2);
        assertThat(backends[0].rejected() + backends[1].rejected()).isZero();
        // every lease is spent: round robin, and the backends (not the proxy) refuse
        HttpResponse<String> over = get();
        assertThat(over.statusCode()).isEqualTo(503);
        assertThat(over.headers().firstValue("X-Tailguard-Reason")).contains("lease-exhausted");
        assertThat(over.headers().firstValue("Retry-After")).isPresent();
        // the proxy spent its own session's lease: a requester without leases still has its own
        HttpResponse<String> direct = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://" + name(0) + "/")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(direct.statusCode()).isEqualTo(200);
        String text = metrics();
        assertThat(text).contains("tailguard_proxy_lease_remaining{backend=\"" + name(0) + "\",pool=\"default\"} 0.0");
        assertThat(text).contains("tailguard_proxy_lease_requests_total{backend=\"" + name(0) + "\",pool=\"default\"} ");
    }

    @Test
    void aRestartedBackendIsAvoidedUntilItLeasesAgain() throws Exception {
        backends[0] = backend(0, "static:100/1h", 1);
        backends[1] = backend(0, "static:100/1h", 2);
        startProxy(BalancerKind.LEAST_LOADED_BY_LEASE);
        Events events = new Events(proxy);
        int port = backends[0].address().getPort();
        backends[0].close();
        events.await("lease_lost:" + name(0));
        for (int i = 0; i < 4; i++) {
            assertThat(get().statusCode()).isEqualTo(200);
        }
        assertThat(backends[1].accepted()).isEqualTo(4);
        backends[0] = backend(port, "static:100/1h", 3);
        events.await("lease:" + name(0));
        for (int i = 0; i < 4; i++) {
            assertThat(get().statusCode()).isEqualTo(200);
        }
        assertThat(backends[0].accepted()).isEqualTo(4); // the fresh lease has most left, and its new id is accepted
        assertThat(backends[0].rejected()).isZero();
    }

    @Test
    void aBackendThatDoesNotLeaseIsOnlyUsedWhenEveryLeaseIsSpent() throws Exception {
        TestBackend plain = new TestBackend();
        try {
            backends[1] = backend(0, "static:2/1h", 2);
            PoolConfig d = PoolConfig.of("default", List.of(plain.address(), backends[1].address()));
            PoolConfig pool = new PoolConfig("default", d.backends(), 100, d.limit(), 0, d.queueTimeout(),
                    d.discipline(), BalancerKind.P2C_BY_AVAILABILITY, Duration.ofMillis(500), d.responseTimeout(),
                    d.idleTimeout(), d.retryBudget(), 2, Duration.ofSeconds(10));
            proxy = ProxyServer.start(Configs.withPool(pool).withAccessLog("off"));
            assertThat(get().statusCode()).isEqualTo(200);
            assertThat(get().statusCode()).isEqualTo(200);
            assertThat(backends[1].accepted()).isEqualTo(2);
        } finally {
            plain.close();
        }
    }

    private String name(int index) {
        InetSocketAddress address = backends[index].address();
        return address.getHostString() + ":" + address.getPort();
    }
}
