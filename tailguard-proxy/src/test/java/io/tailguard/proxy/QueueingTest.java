package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class QueueingTest extends BackendAndProxy {

    private Events start(int maxConns, int queue, Duration queueTimeout) {
        proxy = ProxyServer.start(Configs.single(backend.address(), maxConns, queue, queueTimeout));
        return new Events(proxy);
    }

    /**
     * While the backend holds {@code a}'s request, {@code b}'s (with {@code headers}) is answered 503
     * {@code reason} by the proxy; then {@code a} is served. Returns {@code b}'s answer.
     */
    private RawClient.Response refusedBehindAHeldRequest(RawClient a, RawClient b, String reason, String... headers)
            throws Exception {
        a.get("/hold/a");
        TestBackend.Held held = backend.nextHeld();
        RawClient.Response refused = b.get("/b", headers).read();
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("x-tailguard-reason")).isEqualTo(reason);
        held.answer();
        assertThat(a.read().status()).isEqualTo(200);
        return refused;
    }

    @Test
    void capsInFlightQueuesTheNextAndRejectsWhenTheQueueIsFull() throws Exception {
        Events events = start(1, 1, Duration.ofSeconds(30));
        try (RawClient a = new RawClient(proxy.boundAddress());
             RawClient b = new RawClient(proxy.boundAddress());
             RawClient c = new RawClient(proxy.boundAddress())) {
            a.get("/hold/a");
            TestBackend.Held heldA = backend.nextHeld();
            b.get("/hold/b");
            events.await("queued:default");
            RawClient.Response rejected = c.get("/c").read();
            assertThat(rejected.status()).isEqualTo(503);
            assertThat(rejected.header("x-tailguard-reason")).isEqualTo("queue_full");
            assertThat(rejected.header("retry-after")).as("no request finished yet: the queue timeout").isEqualTo("30");
            assertThat(backend.seen).hasSize(1);

            heldA.answer();
            assertThat(a.read().body()).isEqualTo("GET /hold/a ");
            backend.nextHeld().answer();
            assertThat(b.read().body()).isEqualTo("GET /hold/b ");
        }
    }

    @Test
    void rejectsAtOnceWithoutAQueueWhenTheCapIsReached() throws Exception {
        start(1, 0, Duration.ofSeconds(30));
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            refusedBehindAHeldRequest(a, b, "concurrency_limited");
            assertThat(b.get("/b").read().status()).as("a rejection keeps the connection").isEqualTo(200);
        }
    }

    @Test
    void aQueuedRequestThatWaitsTooLongGets503AndNeverReachesTheBackend() throws Exception {
        start(1, 1, Duration.ofMillis(150));
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            RawClient.Response timedOut = refusedBehindAHeldRequest(a, b, "queue_timeout");
            assertThat(timedOut.header("retry-after")).isEqualTo("1");
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/hold/a");
    }

    @Test
    void aQueuedRequestWhoseClientLeavesIsRemovedAndNeverForwarded() throws Exception {
        Events events = start(1, 1, Duration.ofSeconds(30));
        try (RawClient a = new RawClient(proxy.boundAddress())) {
            a.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            try (RawClient gone = new RawClient(proxy.boundAddress())) {
                gone.get("/gone");
                events.await("queued:default");
            }
            events.await("client_gone:queued");
            try (RawClient c = new RawClient(proxy.boundAddress())) {
                c.get("/hold/c");
                events.await("queued:default"); // the queue has room again: the departed one left it
                held.answer();
                assertThat(a.read().status()).isEqualTo(200);
                backend.nextHeld().answer();
                assertThat(c.read().status()).isEqualTo(200);
            }
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/hold/a", "/hold/c");
    }

    @Test
    void anInFlightRequestWhoseClientLeavesHasItsBackendExchangeClosedAndItsPermitReleased() throws Exception {
        Events events = start(1, 0, Duration.ofSeconds(30));
        try (RawClient gone = new RawClient(proxy.boundAddress())) {
            gone.get("/hold/gone");
            backend.nextHeld();
        }
        events.await("client_gone:in_flight");
        assertThat(backend.closedWhileHeld.poll(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("GET /hold/gone ");
        events.await("upstream:ignored"); // held until the backend closed its side too (hold-permit-on-departure)
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).as("the permit came back").isEqualTo(200);
        }
    }

    @Test
    void aSlowBackendGets504AndItsPermitBack() throws Exception {
        proxy = ProxyServer.start(Configs.withPool(Configs.pool(Duration.ofMillis(150), backend.address())));
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            RawClient.Response timedOut = client.get("/hold/slow").read();
            assertThat(timedOut.status()).isEqualTo(504);
            assertThat(timedOut.header("x-tailguard-reason")).isEqualTo("upstream_timeout");
        }
        assertThat(backend.closedWhileHeld.poll(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("GET /hold/slow ");
        try (RawClient next = new RawClient(proxy.boundAddress())) {
            assertThat(next.get("/next").read().status()).isEqualTo(200);
        }
    }

    @Test
    void retryAfterAndDeadlineRejectionsComeFromTheObservedDrainRate() throws Exception {
        ManualClock clock = new ManualClock();
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 2, Duration.ofSeconds(60)), clock);
        Events events = new Events(proxy);
        try (RawClient a = new RawClient(proxy.boundAddress())) {
            a.get("/hold/first");
            TestBackend.Held first = backend.nextHeld();
            clock.advance(Duration.ofSeconds(4)); // the first request holds its permit for 4 s
            first.answer();
            assertThat(a.read().status()).isEqualTo(200);

            a.get("/hold/second");
            TestBackend.Held second = backend.nextHeld();
            try (RawClient hurried = new RawClient(proxy.boundAddress());
                 RawClient patient = new RawClient(proxy.boundAddress());
                 RawClient b = new RawClient(proxy.boundAddress());
                 RawClient over = new RawClient(proxy.boundAddress())) {
                RawClient.Response tooShort = hurried.get("/x", "X-Request-Timeout-Ms: 3000").read();
                assertThat(tooShort.status()).as("one service time (4 s) > budget 3 s").isEqualTo(503);
                assertThat(tooShort.header("x-tailguard-reason")).isEqualTo("deadline_exceeded");

                patient.get("/hold/patient", "Request-Timeout: 9.5"); // starts in 4 s, done in 8 s
                events.await("queued:default");
                b.get("/hold/b");
                events.await("queued:default");
                RawClient.Response full = over.get("/over").read();
                assertThat(full.header("x-tailguard-reason")).isEqualTo("queue_full");
                assertThat(full.header("retry-after")).as("(2 queued + 1) x 4 s").isEqualTo("12");

                second.answer();
                assertThat(a.read().status()).isEqualTo(200);
                backend.nextHeld().answer();
                assertThat(patient.read().status()).isEqualTo(200);
                backend.nextHeld().answer();
                assertThat(b.read().status()).isEqualTo(200);
            }
        }
        TestBackend.Seen patient = backend.seen.stream().filter(s -> s.uri().equals("/hold/patient")).findFirst()
                .orElseThrow();
        assertThat(patient.headers().get("X-Request-Timeout-Ms")).as("the budget left, on the manual clock")
                .isEqualTo("9500");
        assertThat(patient.headers().contains("Request-Timeout")).isFalse();
    }

    @Test
    void aQueuedRequestIsDroppedWhenItsOwnDeadlinePasses() throws Exception {
        start(1, 1, Duration.ofSeconds(30));
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient b = new RawClient(proxy.boundAddress())) {
            refusedBehindAHeldRequest(a, b, "deadline_exceeded", "X-Request-Timeout-Ms: 100");
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/hold/a");
    }

    @Test
    void aQueuedRequestWhoseBudgetNoLongerCoversOneServiceTimeIsNotForwarded() throws Exception {
        ManualClock clock = new ManualClock();
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 2, Duration.ofSeconds(60)), clock);
        Events events = new Events(proxy);
        try (RawClient a = new RawClient(proxy.boundAddress()); RawClient late = new RawClient(proxy.boundAddress())) {
            a.get("/hold/first");
            TestBackend.Held first = backend.nextHeld();
            clock.advance(Duration.ofSeconds(4));
            first.answer();
            assertThat(a.read().status()).isEqualTo(200);

            a.get("/hold/second");
            TestBackend.Held second = backend.nextHeld();
            late.get("/late", "X-Request-Timeout-Ms: 9000"); // expected to start in 4 s and be done in 8 s
            events.await("queued:default");
            clock.advance(Duration.ofSeconds(6)); // now 3 s are left: less than one service time
            second.answer();
            assertThat(a.read().status()).isEqualTo(200);
            RawClient.Response dropped = late.read();
            assertThat(dropped.status()).isEqualTo(503);
            assertThat(dropped.header("x-tailguard-reason")).isEqualTo("deadline_exceeded");
        }
        assertThat(backend.seen).extracting(TestBackend.Seen::uri).containsExactly("/hold/first", "/hold/second");
    }

    @Test
    void anAdaptiveCapShrinksWhenTheBackendTimesOut() throws Exception {
        io.tailguard.proxy.config.PoolConfig d = Configs.pool(Duration.ofMillis(100), backend.address());
        io.tailguard.proxy.config.PoolConfig aimd = new io.tailguard.proxy.config.PoolConfig(d.name(), d.backends(), 10,
                io.tailguard.path.LimitKind.AIMD, 0, d.queueTimeout(), d.discipline(), d.balancer(),
                d.connectTimeout(), d.responseTimeout(), d.idleTimeout(), d.retryBudget(), d.ejectAfter(), d.ejectFor());
        proxy = ProxyServer.start(Configs.withPool(aimd));
        String limit = "tailguard_limiter_limit{backend=\"127.0.0.1:" + backend.address().getPort() + "\",pool=\"default\"}";
        assertThat(proxy.metrics().scrape()).contains(limit + " 10.0");
        try (RawClient client = new RawClient(proxy.boundAddress())) {
            assertThat(client.get("/hold/slow").read().status()).isEqualTo(504);
        }
        assertThat(proxy.metrics().scrape()).as("AIMD backs off by 0.9 on a drop").contains(limit + " 9.0");
    }
}
