package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeaseTickerTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final LeaseGate gate = new LeaseGate();
    private final List<Long> sentAtNanos = new ArrayList<>();

    private LeaseTicker ticker(int allowed, Duration ttl, Duration period) {
        return new LeaseTicker(scheduler,
                new StaticLeaseSender(new StaticLeaseSender.Config(allowed, ttl, period)), gate,
                lease -> sentAtNanos.add(scheduler.clock().nanoTime()));
    }

    @Test
    void grantsAtStartAndEveryPeriod() {
        ticker(2, Duration.ofSeconds(1), Duration.ofSeconds(1)).start();
        assertThat(gate.tryAcquire(0L).isAdmitted()).isTrue();
        assertThat(gate.tryAcquire(0L).isAdmitted()).isTrue();
        assertThat(gate.tryAcquire(0L).reason()).isEqualTo(RejectReason.LEASE_EXHAUSTED);
        scheduler.advance(Duration.ofMillis(2500));
        assertThat(sentAtNanos).containsExactly(0L, 1_000_000_000L, 2_000_000_000L);
        assertThat(gate.remaining(scheduler.clock().nanoTime())).isEqualTo(2);
    }

    @Test
    void leavesAGapWhenTimeToLiveIsShorterThanThePeriod() {
        ticker(2, Duration.ofMillis(400), Duration.ofSeconds(1)).start();
        scheduler.advance(Duration.ofMillis(500));
        assertThat(gate.tryAcquire(scheduler.clock().nanoTime()).reason())
                .isEqualTo(RejectReason.LEASE_EXPIRED);
    }

    @Test
    void stopsGranting() {
        LeaseTicker ticker = ticker(2, Duration.ofSeconds(1), Duration.ofSeconds(1));
        ticker.start();
        ticker.stop();
        scheduler.advance(Duration.ofSeconds(3));
        assertThat(sentAtNanos).containsExactly(0L);
        assertThat(gate.tryAcquire(scheduler.clock().nanoTime()).reason())
                .isEqualTo(RejectReason.LEASE_EXPIRED);
    }
}
