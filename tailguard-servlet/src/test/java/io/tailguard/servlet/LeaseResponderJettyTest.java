package io.tailguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseWire;
import io.tailguard.lease.StaticLeaseSender;
import io.tailguard.testing.SignallingScheduler;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The filter as a lease responder inside a real Jetty 12 over loopback, on a virtual clock. */
class LeaseResponderJettyTest {

    private static final String END = "<end>";

    private static TailguardFilter filter(SignallingScheduler scheduler, int allowed, long incarnationSeed) {
        LeaseResponder responder = new LeaseResponder(scheduler,
                () -> new StaticLeaseSender(StaticLeaseSender.Config.every(allowed, Duration.ofSeconds(1))),
                new SplittableRandom(incarnationSeed));
        return TailguardFilter.builder().scheduler(scheduler).leases(responder).build();
    }

    /** Opens a lease stream; its lines (then {@link #END} when it closes) arrive in the queue. */
    private static BlockingQueue<String> openStream(JettyFixture jetty) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        jetty.client.sendAsync(HttpRequest.newBuilder(jetty.uri(LeaseWire.STREAM_PATH)).build(),
                HttpResponse.BodyHandlers.fromLineSubscriber(new Flow.Subscriber<String>() {
                    @Override
                    public void onSubscribe(Flow.Subscription subscription) {
                        subscription.request(Long.MAX_VALUE);
                    }

                    @Override
                    public void onNext(String line) {
                        lines.add(line);
                    }

                    @Override
                    public void onError(Throwable error) {
                        lines.add(END);
                    }

                    @Override
                    public void onComplete() {
                        lines.add(END);
                    }
                }));
        return lines;
    }

    private static LeaseFrame nextLease(BlockingQueue<String> lines) throws InterruptedException {
        String line = lines.poll(30, TimeUnit.SECONDS);
        assertThat(line).as("a lease line within 30 s").isNotNull().isNotEqualTo(END);
        return LeaseFrame.parse(line);
    }

    @Test
    void theLeaseArrivesOnTheStreamBeforeTheFirstRequestAndEveryResponseCarriesIt() throws Exception {
        SignallingScheduler scheduler = new SignallingScheduler();
        try (JettyFixture jetty = new JettyFixture(filter(scheduler, 3, 1))) {
            BlockingQueue<String> lines = openStream(jetty);
            LeaseFrame lease = nextLease(lines);
            assertThat(lease.allowedRequests()).isEqualTo(3);
            assertThat(lease.ttlMillis()).isEqualTo(1_000);

            HttpResponse<String> ok = jetty.get("/ok", LeaseWire.LEASE_ID, lease.id());
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.body()).isEqualTo("ok");
            assertThat(LeaseFrame.parse(ok.headers().firstValue(LeaseWire.LEASE).orElseThrow()))
                    .isEqualTo(new LeaseFrame(lease.id(), 3, 1_000, 2));
        }
    }

    @Test
    void aRequestOverTheLeaseIs503LeaseExhaustedBeforeTheApplicationRunsAndTheRenewalRestoresIt() throws Exception {
        SignallingScheduler scheduler = new SignallingScheduler();
        TailguardFilter filter = filter(scheduler, 2, 1);
        try (JettyFixture jetty = new JettyFixture(filter)) {
            BlockingQueue<String> lines = openStream(jetty);
            String id = nextLease(lines).id();
            assertThat(jetty.get("/ok", LeaseWire.LEASE_ID, id).statusCode()).isEqualTo(200);
            assertThat(jetty.get("/ok", LeaseWire.LEASE_ID, id).statusCode()).isEqualTo(200);
            scheduler.virtual.advance(Duration.ofMillis(400));

            HttpResponse<String> refused = jetty.get("/block", LeaseWire.LEASE_ID, id);
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue(LeaseWire.REASON)).hasValue(LeaseWire.EXHAUSTED);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1"); // 600 ms left, rounded up
            assertThat(LeaseFrame.parse(refused.headers().firstValue(LeaseWire.LEASE).orElseThrow()).remaining()).isZero();
            assertThat(jetty.entered).isEmpty(); // /block never ran
            assertThat(filter.counts().rejectedCount(RejectReason.LEASE_EXHAUSTED)).isEqualTo(1);

            scheduler.virtual.advance(Duration.ofMillis(600)); // the renewal, with no request failing first
            assertThat(nextLease(lines).id()).isEqualTo(id);
            assertThat(jetty.get("/ok", LeaseWire.LEASE_ID, id).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anIdFromBeforeARestartIs503LeaseExpiredAndTheOldStreamEnds() throws Exception {
        SignallingScheduler scheduler = new SignallingScheduler();
        String oldId;
        BlockingQueue<String> oldLines;
        try (JettyFixture before = new JettyFixture(filter(scheduler, 5, 1))) {
            oldLines = openStream(before);
            oldId = nextLease(oldLines).id();
        }
        assertThat(oldLines.poll(30, TimeUnit.SECONDS)).isEqualTo(END); // the requester learns the responder went
        try (JettyFixture after = new JettyFixture(filter(scheduler, 5, 2))) {
            HttpResponse<String> refused = after.get("/ok", LeaseWire.LEASE_ID, oldId);
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue(LeaseWire.REASON)).hasValue(LeaseWire.EXPIRED);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");

            String newId = nextLease(openStream(after)).id();
            assertThat(newId).isNotEqualTo(oldId);
            assertThat(after.get("/ok", LeaseWire.LEASE_ID, newId).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void requestersWithoutLeasesShareOneSessionHeldToTheSameLimit() throws Exception {
        SignallingScheduler scheduler = new SignallingScheduler();
        try (JettyFixture jetty = new JettyFixture(filter(scheduler, 2, 1))) {
            HttpResponse<String> first = jetty.get("/ok");
            HttpResponse<String> second = jetty.get("/ok");
            LeaseFrame shared = LeaseFrame.parse(first.headers().firstValue(LeaseWire.LEASE).orElseThrow());
            assertThat(shared.remaining()).isEqualTo(1);
            assertThat(LeaseFrame.parse(second.headers().firstValue(LeaseWire.LEASE).orElseThrow()))
                    .isEqualTo(new LeaseFrame(shared.id(), 2, 1_000, 0));
            HttpResponse<String> third = jetty.get("/ok");
            assertThat(third.statusCode()).isEqualTo(503);
            assertThat(third.headers().firstValue(LeaseWire.REASON)).hasValue(LeaseWire.EXHAUSTED);

            // A requester with its own stream is not charged for the others.
            String own = nextLease(openStream(jetty)).id();
            assertThat(own).isNotEqualTo(shared.id());
            assertThat(jetty.get("/ok", LeaseWire.LEASE_ID, own).statusCode()).isEqualTo(200);
        }
    }
}
