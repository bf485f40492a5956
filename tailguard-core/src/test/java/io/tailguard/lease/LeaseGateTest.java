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

    @Test
    void rejectsAsExpiredBeforeTheFirstLease() {
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
        assertThat(gate.availability(clock.nanoTime())).isZero();
    }

    @Test
    void admitsExactlyTheAllowedRequestsThenRejectsAsExhausted() {
        gate.install(clock.nanoTime(), new Lease(3, Duration.ofSeconds(1)));
        for (int i = 0; i < 3; i++) {
            Decision decision = gate.tryAcquire(clock.nanoTime());
            assertThat(decision.isAdmitted()).isTrue();
            assertThat(decision.permit()).isSameAs(Permit.noop());
        }
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        assertThat(gate.remaining(clock.nanoTime())).isZero();
    }

    @Test
    void expiresExactlyAtTimeToLive() {
        gate.install(clock.nanoTime(), new Lease(10, Duration.ofMillis(1000)));
        clock.advance(Duration.ofMillis(999));
        assertThat(gate.tryAcquire(clock.nanoTime()).isAdmitted()).isTrue();
        clock.advance(Duration.ofMillis(1));
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
        assertThat(gate.remaining(clock.nanoTime())).isZero();
    }

    @Test
    void expiredWinsOverExhausted() {
        gate.install(clock.nanoTime(), new Lease(1, Duration.ofMillis(10)));
        assertThat(gate.tryAcquire(clock.nanoTime()).isAdmitted()).isTrue();
        clock.advance(Duration.ofMillis(10));
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
    }

    @Test
    void newLeaseReplacesTheOldOneWithoutCarryOver() {
        gate.install(clock.nanoTime(), new Lease(5, Duration.ofSeconds(1)));
        gate.tryAcquire(clock.nanoTime());
        clock.advance(Duration.ofMillis(500));
        gate.install(clock.nanoTime(), new Lease(2, Duration.ofMillis(300)));
        assertThat(gate.remaining(clock.nanoTime())).isEqualTo(2);
        assertThat(gate.tryAcquire(clock.nanoTime()).isAdmitted()).isTrue();
        assertThat(gate.tryAcquire(clock.nanoTime()).isAdmitted()).isTrue();
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        clock.advance(Duration.ofMillis(300));
        // the old lease would still run for 200 ms, but it was replaced
        assertThat(gate.tryAcquire(clock.nanoTime()).reason()).isEqualTo(RejectReason.LEASE_EXPIRED);
    }

    @Test
    void replacingAnExhaustedLeaseRefillsIt() {
        gate.install(clock.nanoTime(), new Lease(1, Duration.ofSeconds(1)));
        gate.tryAcquire(clock.nanoTime());
        gate.install(clock.nanoTime(), new Lease(1, Duration.ofSeconds(1)));
        assertThat(gate.tryAcquire(clock.nanoTime()).isAdmitted()).isTrue();
    }

    @Test
    void availabilityIsRemainingOverAllowed() {
        gate.install(clock.nanoTime(), new Lease(4, Duration.ofSeconds(1)));
        assertThat(gate.availability(clock.nanoTime())).isEqualTo(1.0);
        gate.tryAcquire(clock.nanoTime());
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
        gate.install(clock.nanoTime(), new Lease(allowed, Duration.ofHours(1)));
        AtomicInteger admitted = new AtomicInteger();
        Threads.runTogether(threads, Duration.ofSeconds(30), thread -> {
            for (int i = 0; i < allowed; i++) {
                if (gate.tryAcquire(clock.nanoTime()).isAdmitted()) {
                    admitted.incrementAndGet();
                }
            }
        });
        assertThat(admitted.get()).isEqualTo(allowed);
    }
}
