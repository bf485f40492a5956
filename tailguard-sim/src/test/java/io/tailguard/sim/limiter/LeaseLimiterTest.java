package io.tailguard.sim.limiter;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.SimScheduler;
import org.junit.jupiter.api.Test;

class LeaseLimiterTest {

    @Test
    void admitsWhatTheFirstLeaseGrantsThenSheds() {
        SimScheduler scheduler = new SimScheduler();
        LeaseLimiter limiter = new LeaseLimiter(scheduler);
        int granted = limiter.limit();
        assertThat(granted).isPositive();
        for (int i = 0; i < granted; i++) {
            assertThat(limiter.acquire(i)).isNotNull();
        }
        assertThat(limiter.acquire(granted)).as("over the lease").isNull();
        limiter.stop();
        scheduler.runUntilIdle();
        assertThat(scheduler.pendingEvents()).isZero();
    }
}
