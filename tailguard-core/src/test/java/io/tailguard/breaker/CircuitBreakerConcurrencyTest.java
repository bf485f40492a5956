package io.tailguard.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.testing.Threads;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CircuitBreakerConcurrencyTest {

    @Test
    void racingCallersNeverGetMoreThanThePermittedProbes() throws Exception {
        for (int round = 0; round < 200; round++) {
            CircuitBreaker b = new CircuitBreaker(
                    CircuitBreakerConfig.countBased(10, 5, 50.0, Duration.ofNanos(100), 3));
            for (int i = 0; i < 5; i++) {
                b.onFailure(0, 0);
            }
            AtomicInteger admitted = new AtomicInteger();
            Threads.runTogether(4, thread -> {
                for (int i = 0; i < 50; i++) {
                    if (b.tryAcquire(1_000)) {
                        admitted.incrementAndGet();
                    }
                }
            });
            assertThat(admitted.get()).isEqualTo(3);
            assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
        }
    }
}
