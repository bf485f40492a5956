package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.Decision;
import io.tailguard.testing.Threads;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Many threads completing permits of one adaptive limiter at once: each sample reaches the
 * estimator exactly once and unchanged, one thread at a time, and every permit becomes free again.
 */
class SampleFeedingConcurrencyTest {

    private static final int THREADS = 4;
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);
    private static final int PER_THREAD = 100_000;
    private static final int LIMIT = 64;

    /** Counts what it is fed and flags any two threads inside it at once. */
    private static final class CountingLimit implements Limit {
        final AtomicBoolean inside = new AtomicBoolean();
        final AtomicBoolean overlapped = new AtomicBoolean();
        long samples;
        long rttSum;
        long drops;

        @Override
        public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
            if (!inside.compareAndSet(false, true)) {
                overlapped.set(true);
            }
            samples++;
            rttSum += rttNanos;
            drops += dropped ? 1 : 0;
            inside.set(false);
            return LIMIT;
        }

        @Override
        public int limit() {
            return LIMIT;
        }

        @Override
        public int maxLimit() {
            return LIMIT;
        }
    }

    @Test
    void everySampleIsFedOnceByOneThreadAtATime() throws Exception {
        CountingLimit estimator = new CountingLimit();
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        AtomicLong expectedSamples = new AtomicLong();
        AtomicLong expectedRttSum = new AtomicLong();
        AtomicLong expectedDrops = new AtomicLong();
        Threads.runTogether(THREADS, RUN_LIMIT, thread -> {
            long now = thread * 1_000_000_000L;
            for (int i = 0; i < PER_THREAD; i++) {
                Decision decision = limiter.tryAcquire(now);
                if (!decision.isAdmitted()) {
                    continue;
                }
                long rtt = 1 + (i + thread) % 13;
                switch ((i + thread) % 3) {
                    case 0 -> decision.permit().onSuccess(now + rtt);
                    case 1 -> {
                        decision.permit().onDropped(now + rtt);
                        expectedDrops.incrementAndGet();
                    }
                    default -> decision.permit().onIgnore();
                }
                if ((i + thread) % 3 != 2) {
                    expectedSamples.incrementAndGet();
                    expectedRttSum.addAndGet(rtt);
                }
                now += 20;
            }
        });
        assertThat(estimator.overlapped.get()).as("two threads inside the estimator").isFalse();
        assertThat(estimator.samples).isEqualTo(expectedSamples.get()).isPositive();
        assertThat(estimator.rttSum).isEqualTo(expectedRttSum.get());
        assertThat(estimator.drops).isEqualTo(expectedDrops.get());
        assertThat(limiter.inFlight()).isZero();
        // every permit was freed: the whole limit can be taken again from the table
        for (int i = 0; i < LIMIT; i++) {
            assertThat(limiter.tryAcquire(0L).isAdmitted()).as("permit %d of %d", i, LIMIT).isTrue();
        }
    }
}
