package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LeaseResponderTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final List<LeaseFrame> sent = new ArrayList<>();

    private LeaseResponder responder(long seed) {
        return new LeaseResponder(scheduler,
                () -> new StaticLeaseSender(StaticLeaseSender.Config.every(2, Duration.ofSeconds(1))),
                new SplittableRandom(seed));
    }

    private long now() {
        return scheduler.clock().nanoTime();
    }

    @Test
    void grantsBeforeTheFirstRequestAndRenewsEveryPeriod() {
        LeaseResponder responder = responder(1);
        LeaseResponder.Session session = responder.open(sent::add);
        assertThat(sent).containsExactly(new LeaseFrame(session.id(), 2, 1000, 2));
        assertThat(session.tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(session.tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(session.tryAcquire(now()).reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        assertThat(session.current(now())).isEqualTo(new LeaseFrame(session.id(), 2, 1000, 0));
        scheduler.advance(Duration.ofSeconds(1));
        assertThat(sent).hasSize(2);
        assertThat(session.tryAcquire(now()).isAdmitted()).isTrue();
    }

    @Test
    void eachRequesterHasItsOwnLease() {
        LeaseResponder responder = responder(1);
        LeaseResponder.Session a = responder.open(sent::add);
        LeaseResponder.Session b = responder.open(sent::add);
        assertThat(a.id()).isNotEqualTo(b.id());
        a.tryAcquire(now());
        a.tryAcquire(now());
        assertThat(a.tryAcquire(now()).isAdmitted()).isFalse();
        assertThat(b.tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(responder.session(b.id())).isSameAs(b);
    }

    @Test
    void aClosedStreamEndsTheSessionAndItsIdIsUnknown() {
        LeaseResponder responder = responder(1);
        LeaseResponder.Session session = responder.open(sent::add);
        session.close();
        assertThat(responder.session(session.id())).isNull();
        scheduler.advance(Duration.ofSeconds(3));
        assertThat(sent).hasSize(1);
    }

    @Test
    void aRestartedResponderDoesNotKnowTheOldIds() {
        LeaseResponder before = responder(1);
        String old = before.open(sent::add).id();
        before.close();
        LeaseResponder after = responder(2);
        assertThat(after.session(old)).isNull();
        assertThat(after.open(sent::add).id()).isNotEqualTo(old);
    }

    @Test
    void aLeaseThatExpiresWhileARequestIsOnItsWayRejectsIt() {
        LeaseResponder responder = new LeaseResponder(scheduler,
                () -> new StaticLeaseSender(new StaticLeaseSender.Config(5, Duration.ofMillis(100), Duration.ofSeconds(1))),
                new SplittableRandom(1));
        LeaseResponder.Session session = responder.open(sent::add);
        LeaseView requester = new LeaseView();
        requester.onLease(now(), sent.get(0).lease());
        assertThat(requester.availability(now())).isEqualTo(1.0);
        requester.onSent();                       // sent while valid ...
        scheduler.advance(Duration.ofMillis(100)); // ... arrives after the time to live
        assertThat(session.tryAcquire(now()).reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
        assertThat(session.current(now())).isNull();
        assertThat(session.retryAfterNanos(now())).isEqualTo(Duration.ofSeconds(1).toNanos());
        assertThat(LeaseWire.reason(RejectReason.LEASE_EXPIRED)).isEqualTo("lease-expired");
    }

    @Test
    void requestersWithoutLeasesShareOneSessionUnderTheSamePolicy() {
        LeaseResponder responder = responder(1);
        LeaseResponder.Session shared = responder.unleased();
        assertThat(responder.unleased()).isSameAs(shared);
        assertThat(shared.tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(responder.unleased().tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(responder.unleased().tryAcquire(now()).reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        assertThat(responder.openSessions()).isZero();
        assertThat(sent).isEmpty();
    }

    /**
     * A responder whose sessions each get an adaptive sender: a 20 ms target, one-second leases and
     * periods, the grant starting at {@code initialAllowed}, an AIMD estimator up to {@code maxAllowed}.
     */
    private LeaseResponder adaptiveResponder(int initialAllowed, int maxAllowed) {
        return new LeaseResponder(scheduler, () -> new AdaptiveLeaseSender(
                new AdaptiveLeaseSender.Config(Duration.ofMillis(20), Duration.ofSeconds(1), Duration.ofSeconds(1),
                        initialAllowed, maxAllowed),
                seed -> new AimdLimit(new AimdLimitConfig(seed, 1, maxAllowed, 0.9, Duration.ofMillis(20))), now()),
                new SplittableRandom(1));
    }

    @Test
    void anAdaptiveSessionFeedsItsOwnStatistics() {
        LeaseResponder responder = adaptiveResponder(1, 10);
        LeaseResponder.Session session = responder.open(sent::add);
        assertThat(session.tryAcquire(now()).isAdmitted()).isTrue();
        assertThat(session.tryAcquire(now()).isAdmitted()).isFalse();
        assertThat(session.stats().inFlight()).isEqualTo(1);
        session.stats().onCompleted(now(), now());
        scheduler.advance(Duration.ofSeconds(1));
        assertThat(sent.get(1).allowedRequests()).isEqualTo(2); // slow start: used up and on time
    }

    @Test
    void anAdaptiveSessionCapsWhatAStalledServiceCanPileUpBesideTheLease() {
        LeaseResponder responder = adaptiveResponder(100, 1_000);
        LeaseResponder.Session session = responder.open(sent::add);
        // a healthy period: 100 requests, never more than 3 in flight, each done in 1 ms
        for (int i = 0; i < 100; i++) {
            long start = now();
            assertThat(session.tryAcquire(start).isAdmitted()).isTrue();
            if (i % 3 == 2) {
                scheduler.advance(Duration.ofMillis(1));
                for (int done = 0; done < 3; done++) {
                    session.stats().onCompleted(now(), start);
                }
            }
        }
        session.stats().onCompleted(now(), now());
        scheduler.advance(Duration.ofSeconds(1));
        assertThat(session.stats().inFlightCap()).isEqualTo(6);
        // the service stands still: nothing completes; the lease has 100+ left, the cap stops at 6
        int admitted = 0;
        for (int i = 0; i < 50; i++) {
            if (session.tryAcquire(now()).isAdmitted()) {
                admitted++;
            }
        }
        assertThat(admitted).isEqualTo(6);
        assertThat(session.tryAcquire(now())).isEqualTo(
                io.tailguard.admission.Rejection.of(io.tailguard.admission.RejectReason.LEASE_EXHAUSTED));
        assertThat(session.current(now()).remaining()).isGreaterThan(100);
    }
}
