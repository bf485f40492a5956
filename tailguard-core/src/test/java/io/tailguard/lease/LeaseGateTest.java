package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.testing.Threads;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaseGateTest {

    private final ManualClock clock = new ManualClock(1_000L);
    private final LeaseGate gate = new LeaseGate();

    private void install(int allowedRequests, Duration timeToLive) {
        gate.install(clock.nanoTime(), new Lease(allowedRequests, timeToLive));
    }

    /** Asks the gate now. */
    private Decision ask() {
        return gate.tryAcquire(clock.nanoTime());
    }

    @Test
    void rejectsAsExpiredBeforeTheFirstLease() {
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
        assertThat(gate.availability(clock.nanoTime())).isZero();
    }

    @Test
    void admitsExactlyTheAllowedRequestsThenRejectsAsExhausted() {
        install(3, Duration.ofSeconds(1));
        for (int i = 0; i < 3; i++) {
            Decision decision = ask();
            assertThat(decision.isAdmitted()).isTrue();
            assertThat(decision.permit()).isSameAs(Permit.noop());
        }
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        assertThat(gate.remaining(clock.nanoTime())).isZero();
    }

    @Test
    void expiresExactlyAtTimeToLive() {
        install(10, Duration.ofMillis(1000));
        clock.advance(Duration.ofMillis(999));
        assertThat(ask().isAdmitted()).isTrue();
        clock.advance(Duration.ofMillis(1));
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
        assertThat(gate.remaining(clock.nanoTime())).isZero();
    }

    @Test
    void expiredWinsOverExhausted() {
        install(1, Duration.ofMillis(10));
        assertThat(ask().isAdmitted()).isTrue();
        clock.advance(Duration.ofMillis(10));
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
    }

    @Test
    void newLeaseReplacesTheOldOneWithoutCarryOver() {
        install(5, Duration.ofSeconds(1));
        ask();
        clock.advance(Duration.ofMillis(500));
        install(2, Duration.ofMillis(300));
        assertThat(gate.remaining(clock.nanoTime())).isEqualTo(2);
        assertThat(ask().isAdmitted()).isTrue();
        assertThat(ask().isAdmitted()).isTrue();
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        clock.advance(Duration.ofMillis(300));
        // the old lease would still run for 200 ms, but it was replaced
        assertThat(ask().reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
    }

    @Test
    void replacingAnExhaustedLeaseRefillsIt() {
        install(1, Duration.ofSeconds(1));
        ask();
        install(1, Duration.ofSeconds(1));
        assertThat(ask().isAdmitted()).isTrue();
    }

    @Test
    void availabilityIsRemainingOverAllowed() {
        install(4, Duration.ofSeconds(1));
        assertThat(gate.availability(clock.nanoTime())).isEqualTo(1.0);
        ask();
        assertThat(gate.availability(clock.nanoTime())).isEqualTo(0.75);
        clock.advance(Duration.ofSeconds(1));
        assertThat(gate.availability(clock.nanoTime())).isZero();
    }

    @Test
    void veryLongTimeToLiveDoesNotOverflow() {
        gate.install(Long.MAX_VALUE - 10, new Lease(1, Duration.ofDays(365L * 1000)));
        assertThat(gate.tryAcquire(Long.MAX_VALUE).isAdmitted()).isTrue();
    }

    @Test
    void rejectsANullLease() {
        assertThatThrownBy(() -> gate.install(0L, null))
                .hasMessage("lease must be non-null but was null");
    }

    @Test
    void concurrentAcquirersNeverExceedTheLease() throws Exception {
        int threads = 4;
        int allowed = 10_000;
        install(allowed, Duration.ofHours(1));
        AtomicInteger admitted = new AtomicInteger();
        Threads.runTogether(threads, Duration.ofSeconds(30), thread -> {
            for (int i = 0; i < allowed; i++) {
                if (ask().isAdmitted()) {
                    admitted.incrementAndGet();
                }
            }
        });
        assertThat(admitted.get()).isEqualTo(allowed);
    }
}
