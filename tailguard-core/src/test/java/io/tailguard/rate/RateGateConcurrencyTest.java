package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.testing.Threads;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Many threads against one rate gate while a manual clock moves in known steps: after each phase
 * the gate has admitted exactly what its closed form allows, never more.
 */
class RateGateConcurrencyTest {

    private static final int THREADS = 4;
    private static final int TRIES_PER_THREAD_PER_PHASE = 2_000;
    private static final long START = 1L << 62;

    private void runPhases(AdmissionPolicy gate, LongUnaryOperator allowedByElapsed) throws Exception {
        ManualClock clock = new ManualClock(START);
        AtomicLong admitted = new AtomicLong();
        for (int phase = 0; phase < 40; phase++) {
            clock.advanceNanos(phase == 0 ? 0 : 1_234_567L * (phase % 5 + 1));
            long now = clock.nanoTime();
            Threads.runTogether(THREADS, Duration.ofSeconds(60), thread -> {
                for (int i = 0; i < TRIES_PER_THREAD_PER_PHASE; i++) {
                    if (gate.tryAcquire(now).isAdmitted()) {
                        admitted.incrementAndGet();
                    }
                }
            });
            long allowed = allowedByElapsed.applyAsLong(now - START);
            assertThat(admitted.get()).as("phase %d", phase).isEqualTo(allowed);
        }
    }

    @Test
    void tokenBucketNeverAdmitsMoreThanCapacityPlusRateTimesElapsed() throws Exception {
        // capacity 50, 7 tokens per 3 ms: allowed = 50 + floor(elapsed × 7 / 3 ms), far below the tries.
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(50, 7, Duration.ofMillis(3)), START);
        runPhases(bucket, elapsed -> 50 + Math.floorDiv(elapsed * 7, 3_000_000L));
    }

    @Test
    void fixedWindowNeverAdmitsMoreThanLimitPerStartedCycle() throws Exception {
        FixedWindowRateLimiter limiter = new FixedWindowRateLimiter(
                new FixedWindowConfig(40, Duration.ofMillis(2)), START);
        // 40 permits for each distinct 2 ms cycle the phases landed in (a short step may stay in one).
        long[] lastCycle = {-1};
        long[] total = {0};
        runPhases(limiter, elapsed -> {
            long cycle = elapsed / 2_000_000L;
            if (cycle != lastCycle[0]) {
                lastCycle[0] = cycle;
                total[0] += 40;
            }
            return total[0];
        });
    }
}
