package io.tailguard.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CircuitBreakerConcurrencyTest {

    @Test
    void racingCallersNeverGetMoreThanThePermittedProbes() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 200; round++) {
                CircuitBreaker b = new CircuitBreaker(
                        CircuitBreakerConfig.countBased(10, 5, 50.0, Duration.ofNanos(100), 3));
                for (int i = 0; i < 5; i++) {
                    b.onFailure(0, 0);
                }
                AtomicInteger admitted = new AtomicInteger();
                CountDownLatch start = new CountDownLatch(1);
                Future<?>[] futures = new Future<?>[4];
                for (int t = 0; t < 4; t++) {
                    futures[t] = pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < 50; i++) {
                            if (b.tryAcquire(1_000)) {
                                admitted.incrementAndGet();
                            }
                        }
                        return null;
                    });
                }
                start.countDown();
                for (Future<?> f : futures) {
                    f.get(10, TimeUnit.SECONDS);
                }
                assertThat(admitted.get()).isEqualTo(3);
                assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
