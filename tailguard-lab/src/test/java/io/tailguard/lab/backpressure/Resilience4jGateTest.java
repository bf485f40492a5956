package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class Resilience4jGateTest {

    private static final long MS = 1_000_000L;

    @Test
    void admitsTheFirstHundredOfEachVirtualSecondAndRefillsAtTheBoundary() {
        Resilience4jGate gate = new Resilience4jGate(100, Duration.ofSeconds(1), 0L);
        int admitted = 0;
        for (int i = 0; i < 150; i++) {
            if (gate.tryAcquire(i * 5 * MS).isAdmitted()) {
                admitted++;
            }
        }
        assertThat(admitted).isEqualTo(100);
        assertThat(gate.tryAcquire(999 * MS).isAdmitted()).isFalse();
        assertThat(gate.tryAcquire(1000 * MS).isAdmitted()).isTrue();
        assertThat(gate.replays()).isZero();
    }

    @Test
    void aSkippedVirtualSecondDoesNotBankPermits() {
        Resilience4jGate gate = new Resilience4jGate(3, Duration.ofSeconds(1), 0L);
        for (int i = 0; i < 3; i++) {
            assertThat(gate.tryAcquire(i).isAdmitted()).isTrue();
        }
        int admitted = 0;
        for (int i = 0; i < 10; i++) {
            if (gate.tryAcquire(5_000 * MS + i).isAdmitted()) {
                admitted++;
            }
        }
        assertThat(admitted).isEqualTo(3);
    }

    @Test
    void rejectionsCarryTheRateLimitedReason() {
        Resilience4jGate gate = new Resilience4jGate(1, Duration.ofMillis(100), 0L);
        gate.tryAcquire(0);
        assertThat(gate.tryAcquire(1).reason()).isEqualTo(io.tailguard.admission.RejectReason.RATE_LIMITED);
    }
}
