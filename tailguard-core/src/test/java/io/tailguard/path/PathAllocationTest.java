package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tailguard.admission.Permit;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.testing.ThreadAllocation;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Counts the bytes this thread allocates across many requests taken at once by a path of one
 * backend, as the servlet filter and the gRPC interceptor take them. A guard in the default test
 * run; JMH {@code -prof gc} in tailguard-bench is the measurement of record.
 */
class PathAllocationTest {

    private static final int REQUESTS = 200_000;

    @Test
    void aRequestTakenAtOnceAllocatesNothingAdmittedOrRefused() {
        assumeTrue(ThreadAllocation.supported());
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(2);
        DecisionPath<String> path = new DecisionPath<>(PoolSettings.of("app", 1, 2).withResponseTimeout(Duration.ZERO),
                List.of(limiter), BoundedQueueConfig.fifo(4, Duration.ofSeconds(1)), new VirtualScheduler(),
                new RecordingHost(), new SplittableRandom(1));
        long[] now = {0};
        int[] refused = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            refused[0] = 0;
            for (int i = 0; i < REQUESTS; i++) {
                now[0] += 1_000;
                Permit first = path.admitAtOnce(now[0]);
                Permit second = path.admitAtOnce(now[0]);
                refused[0] += path.admitAtOnce(now[0]) == null ? 1 : 0;
                path.completeAtOnce(first, now[0], Completion.SUCCESS, now[0] + 500);
                path.completeAtOnce(second, now[0], Completion.IGNORED, now[0] + 500);
            }
        });
        assertThat(refused[0]).isEqualTo(REQUESTS);
        assertThat(limiter.inFlight()).isZero();
        assertThat(bytes).isLessThan(1_000L);
    }
}
