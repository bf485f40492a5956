package io.tailguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.testing.SignallingScheduler;
import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import jakarta.servlet.AsyncContext;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The filter inside a real Jetty 12 over loopback. */
class TailguardFilterJettyTest {

    private final SignallingScheduler scheduler = new SignallingScheduler();

    /**
     * A filter of one permit on this test's virtual time, then a FIFO queue of {@code capacity} for
     * up to {@code maxWait}.
     */
    private TailguardFilter onePermitThenQueue(int capacity, Duration maxWait) {
        return TailguardFilter.builder().scheduler(scheduler).limiter(ConcurrencyLimiter.fixed(1))
                .queue(BoundedQueueConfig.fifo(capacity, maxWait)).build();
    }

    /** An /ok request waiting in the queue behind a /block request that holds the only permit. */
    private record Queued(CompletableFuture<HttpResponse<String>> holder,
                          CompletableFuture<HttpResponse<String>> waiting) {
    }

    /** Sends the /block request that takes the only permit, then an /ok request and waits until it is queued. */
    private Queued queueBehindABlockedRequest(JettyFixture jetty) throws InterruptedException {
        CompletableFuture<HttpResponse<String>> holder = jetty.send("/block");
        jetty.awaitEntered();
        CompletableFuture<HttpResponse<String>> waiting = jetty.send("/ok");
        scheduler.awaitScheduled(1);
        return new Queued(holder, waiting);
    }

    @Test
    void aRateGateRefusalIs429WithTheWaitForTheNextTokenInRetryAfter() throws Exception {
        TailguardFilter filter = TailguardFilter.builder().scheduler(scheduler)
                .rate(TokenBucketConfig.of(1, 1, Duration.ofSeconds(10))).build();
        try (JettyFixture jetty = new JettyFixture(filter)) {
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(200);
            scheduler.virtual.advance(Duration.ofMillis(2_500));
            HttpResponse<String> refused = jetty.get("/ok");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("8"); // 7.5 s, rounded up
            assertThat(filter.counts().rejectedCount(RejectReason.RATE_LIMITED)).isEqualTo(1);
        }
    }

    @Test
    void aFullLimitWithoutQueueIs503AndTheSynchronousPermitComesBackWhenTheResponseEnds() throws Exception {
        TailguardFilter filter = TailguardFilter.builder().limiter(ConcurrencyLimiter.fixed(1)).build();
        try (JettyFixture jetty = new JettyFixture(filter)) {
            CompletableFuture<HttpResponse<String>> held = jetty.send("/block");
            jetty.awaitEntered();
            HttpResponse<String> refused = jetty.get("/ok");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            jetty.unblock.release();
            assertThat(held.get(30, TimeUnit.SECONDS).body()).isEqualTo("done");
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(200);
            assertThat(filter.limiter().inFlight()).isZero();
            assertThat(filter.counts().admittedCount()).isEqualTo(2);
            assertThat(filter.counts().rejectedCount(RejectReason.CONCURRENCY_LIMITED)).isEqualTo(1);
        }
    }

    @Test
    void anAsyncRequestHoldsItsPermitUntilItsResponseCompletes() throws Exception {
        TailguardFilter filter = onePermitThenQueue(4, Duration.ofSeconds(1));
        try (JettyFixture jetty = new JettyFixture(filter)) {
            CompletableFuture<HttpResponse<String>> asyncRequest = jetty.send("/async");
            AsyncContext context = jetty.awaitParked();
            CompletableFuture<HttpResponse<String>> next = jetty.send("/ok");
            scheduler.awaitScheduled(1); // queued: the async request still holds the only permit
            assertThat(next).isNotDone();
            context.getResponse().getWriter().write("late");
            context.complete();
            assertThat(asyncRequest.get(30, TimeUnit.SECONDS).body()).isEqualTo("late");
            // Served only once the async request's permit came back.
            assertThat(next.get(30, TimeUnit.SECONDS).body()).isEqualTo("ok");
        }
    }

    @Test
    void anAsyncRequestWhoseClientLeftStillReleasesItsPermit() throws Exception {
        TailguardFilter filter = onePermitThenQueue(4, Duration.ofSeconds(1));
        try (JettyFixture jetty = new JettyFixture(filter)) {
            try (Socket socket = new Socket("127.0.0.1", jetty.uri("/").getPort())) {
                socket.getOutputStream().write("GET /async HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                jetty.awaitParked();
            } // the client leaves while its request is parked in the application
            AsyncContext context = jetty.parkedContexts().get(0);
            CompletableFuture<HttpResponse<String>> next = jetty.send("/ok");
            scheduler.awaitScheduled(1);
            context.complete();
            assertThat(next.get(30, TimeUnit.SECONDS).body()).isEqualTo("ok");
        }
    }

    @Test
    void aRefusedRequestWaitsInTheQueueWithoutAThreadAndIsServedWhenAPermitFrees() throws Exception {
        TailguardFilter filter = onePermitThenQueue(4, Duration.ofSeconds(1));
        try (JettyFixture jetty = new JettyFixture(filter)) {
            Queued queued = queueBehindABlockedRequest(jetty);
            assertThat(filter.queue().size()).isEqualTo(1);
            jetty.unblock.release();
            assertThat(queued.holder().get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(queued.waiting().get(30, TimeUnit.SECONDS).body()).isEqualTo("ok");
            assertThat(filter.queue().size()).isZero();
            assertThat(filter.counts().admittedCount()).isEqualTo(2);
        }
    }

    @Test
    void aRequestThatWaitedPastTheQueueTimeIs503WithQueueTimeout() throws Exception {
        TailguardFilter filter = onePermitThenQueue(4, Duration.ofMillis(300));
        try (JettyFixture jetty = new JettyFixture(filter)) {
            Queued queued = queueBehindABlockedRequest(jetty);
            scheduler.virtual.advance(Duration.ofMillis(301));
            HttpResponse<String> shed = queued.waiting().get(30, TimeUnit.SECONDS);
            assertThat(shed.statusCode()).isEqualTo(503);
            assertThat(shed.headers().firstValue("Retry-After")).hasValue("1"); // nothing learnt yet: the queue time
            assertThat(filter.counts().rejectedCount(RejectReason.QUEUE_TIMEOUT)).isEqualTo(1);
            jetty.unblock.release();
            assertThat(queued.holder().get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(filter.limiter().inFlight()).isZero();
        }
    }

    @Test
    void aFullQueueIs503WithQueueFull() throws Exception {
        TailguardFilter filter = onePermitThenQueue(1, Duration.ofSeconds(1));
        try (JettyFixture jetty = new JettyFixture(filter)) {
            Queued queued = queueBehindABlockedRequest(jetty);
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(503);
            assertThat(filter.counts().rejectedCount(RejectReason.QUEUE_FULL)).isEqualTo(1);
            jetty.unblock.release();
            assertThat(queued.holder().get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(queued.waiting().get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void eachPartitionHasItsOwnLimitWithinTheGlobalOne() throws Exception {
        TailguardFilter filter = TailguardFilter.builder().limiter(ConcurrencyLimiter.fixed(10))
                .partitionBy(PartitionKey.header("X-Tenant")).partitionLimit("batch", 1).otherPartitionsLimit(5).build();
        try (JettyFixture jetty = new JettyFixture(filter)) {
            CompletableFuture<HttpResponse<String>> held = jetty.send("/block", "X-Tenant", "batch");
            jetty.awaitEntered();
            assertThat(jetty.get("/ok", "X-Tenant", "batch").statusCode()).isEqualTo(503);
            assertThat(jetty.get("/ok", "X-Tenant", "web").statusCode()).isEqualTo(200);
            assertThat(jetty.get("/ok").statusCode()).as("no header: the other partitions' share").isEqualTo(200);
            assertThat(filter.partitionLimiter("batch").inFlight()).isEqualTo(1);
            jetty.unblock.release();
            assertThat(held.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            assertThat(jetty.get("/ok", "X-Tenant", "batch").statusCode()).isEqualTo(200);
            assertThat(filter.partitionLimiter("batch").inFlight()).isZero();
            assertThat(filter.limiter().inFlight()).isZero();
        }
    }

    @Test
    void eachPartitionHasItsOwnRate() throws Exception {
        TailguardFilter filter = TailguardFilter.builder().scheduler(scheduler)
                .partitionBy(PartitionKey.header("X-Client")).partitionRate(TokenBucketConfig.of(1, 1, Duration.ofSeconds(3)))
                .build();
        try (JettyFixture jetty = new JettyFixture(filter)) {
            assertThat(jetty.get("/ok", "X-Client", "a").statusCode()).isEqualTo(200);
            HttpResponse<String> refused = jetty.get("/ok", "X-Client", "a");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("3");
            assertThat(jetty.get("/ok", "X-Client", "b").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aFixedLimitAloneNeverReadsTheClockButAnAdaptiveOneDoes() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        Scheduler counting = new Scheduler() {
            @Override
            public NanoClock clock() {
                return () -> reads.incrementAndGet() * 1_000_000L;
            }

            @Override
            public Cancellable schedule(long delayNanos, Runnable task) {
                throw new UnsupportedOperationException("no queue here");
            }
        };
        TailguardFilter fixed = TailguardFilter.builder().scheduler(counting).limiter(ConcurrencyLimiter.fixed(4)).build();
        try (JettyFixture jetty = new JettyFixture(fixed)) {
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(200);
        }
        assertThat(reads).hasValue(0);
        TailguardFilter adaptive = TailguardFilter.builder().scheduler(counting)
                .limiter(ConcurrencyLimiter.of(new AimdLimit(new AimdLimitConfig(4, 1, 8, 0.5, Duration.ofMillis(100))))).build();
        try (JettyFixture jetty = new JettyFixture(adaptive)) {
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(200);
        }
        assertThat(reads).as("admission and completion").hasValue(2);
    }

    @Test
    void anExceptionInTheApplicationStillReleasesThePermit() throws Exception {
        TailguardFilter filter = TailguardFilter.builder().limiter(ConcurrencyLimiter.fixed(1)).build();
        try (JettyFixture jetty = new JettyFixture(filter)) {
            assertThat(jetty.get("/fail").statusCode()).isEqualTo(500);
            assertThat(filter.limiter().inFlight()).isZero();
            assertThat(jetty.get("/ok").statusCode()).isEqualTo(200);
        }
    }
}
