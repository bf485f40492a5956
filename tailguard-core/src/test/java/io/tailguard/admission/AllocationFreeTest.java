package io.tailguard.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.FixedWindowConfig;
import io.tailguard.rate.FixedWindowRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.testing.ThreadAllocation;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Counts the bytes this thread allocates across half a million decisions of each policy (admit and
 * reject). A quick guard in the default test run; the JMH {@code -prof gc} runs in tailguard-bench
 * are the measurement of record.
 */
class AllocationFreeTest {

    private static final int DECISIONS = 500_000;

    @Test
    void rateGatesAllocateNothingToAdmitOrReject() {
        assumeTrue(ThreadAllocation.supported());
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(10, 1, Duration.ofNanos(3)), 0L);
        FixedWindowRateLimiter window = new FixedWindowRateLimiter(new FixedWindowConfig(10, Duration.ofNanos(30)), 0L);
        long[] now = {0};
        int[] admitted = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            admitted[0] = 0; // the admits of the last run
            for (int i = 0; i < DECISIONS; i++) {
                now[0] += 1;
                admitted[0] += bucket.tryAcquire(now[0]).isAdmitted() ? 1 : 0;
                admitted[0] += window.tryAcquire(now[0]).isAdmitted() ? 1 : 0;
            }
        });
        assertThat(admitted[0]).isBetween(DECISIONS / 4, 2 * DECISIONS - 1); // both outcomes exercised (a third admitted)
        assertThat(bytes).isLessThan(1_000L);
    }

    @Test
    void concurrencyLimiterAllocatesNothingToAcquireReleaseOrReject() {
        assumeTrue(ThreadAllocation.supported());
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(new VegasLimit(new VegasLimitConfig(4, 8, 1.0, 30)));
        long[] now = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            for (int i = 0; i < DECISIONS; i++) {
                now[0] += 100;
                Decision first = limiter.tryAcquire(now[0]);
                Decision second = limiter.tryAcquire(now[0]);
                limiter.tryAcquire(now[0]);
                limiter.tryAcquire(now[0]);
                limiter.tryAcquire(now[0]); // rejected once the limit (<= 8) is reached by the held ones
                if (first.isAdmitted()) {
                    first.permit().onSuccess(now[0] + 50);
                }
                if (second.isAdmitted()) {
                    second.permit().onDropped(now[0] + 80);
                }
            }
        });
        assertThat(bytes).isLessThan(1_000L);
    }

    @Test
    void aChainOfGatesAllocatesNothingToAdmitReleaseOrRollBack() {
        assumeTrue(ThreadAllocation.supported());
        ConcurrencyLimiter adaptive = ConcurrencyLimiter.of(new VegasLimit(new VegasLimitConfig(4, 8, 1.0, 30)));
        ConcurrencyLimiter fixed = ConcurrencyLimiter.fixed(3);
        AdmissionPolicy chain = AdmissionPolicy.chain(
                new TokenBucket(TokenBucketConfig.of(10, 1, Duration.ofNanos(30)), 0L), adaptive, fixed);
        long[] now = {0};
        int[] admitted = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            for (int i = 0; i < DECISIONS; i++) {
                now[0] += 100;
                Decision first = chain.tryAcquire(now[0]);
                Decision second = chain.tryAcquire(now[0]);
                Decision third = chain.tryAcquire(now[0]);
                chain.tryAcquire(now[0]); // refused by the fixed limit of 3 when the others got in
                admitted[0] += (first.isAdmitted() ? 1 : 0) + (second.isAdmitted() ? 1 : 0);
                if (first.isAdmitted()) {
                    first.permit().onSuccess(now[0] + 50);
                }
                if (second.isAdmitted()) {
                    second.permit().onDropped(now[0] + 80);
                }
                if (third.isAdmitted()) {
                    third.permit().onIgnore();
                }
            }
        });
        assertThat(admitted[0]).isPositive();
        assertThat(bytes).isLessThan(1_000L);
        assertThat(adaptive.inFlight() + fixed.inFlight()).isZero();
    }

    @Test
    void concurrencyLimiterAllocatesNothingWhenTwoThreadsShareIt() throws Exception {
        assumeTrue(ThreadAllocation.supported());
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(100);
        long[] bytes = new long[2];
        for (int round = 0; round < 2; round++) { // round 0 warms up: each table slot's first use allocates
            Thread[] threads = new Thread[2];
            for (int t = 0; t < threads.length; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    long before = ThreadAllocation.allocatedBytes();
                    long now = id;
                    for (int i = 0; i < DECISIONS; i++) {
                        now += 1_000;
                        Decision decision = limiter.tryAcquire(now);
                        if (decision.isAdmitted()) {
                            decision.permit().onSuccess(now + 500);
                        }
                    }
                    bytes[id] = ThreadAllocation.allocatedBytes() - before;
                });
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join(60_000);
            }
        }
        // A thread's own start-up can show up as a few hundred bytes; a per-decision allocation
        // (the 32-byte permit) would show up as megabytes.
        assertThat(bytes[0] + bytes[1]).isLessThan(DECISIONS / 100);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void boundedQueueAllocatesNothingInSteadyState() {
        assumeTrue(ThreadAllocation.supported());
        BoundedQueue<String> queue = new BoundedQueue<>(BoundedQueueConfig.codel(64, Duration.ofNanos(500),
                Duration.ofNanos(50), Duration.ofNanos(1_000)), (item, reason, waited) -> { });
        long[] now = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            for (int i = 0; i < DECISIONS; i++) {
                now[0] += 10;
                queue.offer(now[0], "item");
                queue.offer(now[0], "item");
                queue.poll(now[0]);
            }
        });
        assertThat(bytes).isLessThan(1_000L);
    }
}
