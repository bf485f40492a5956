package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.testing.ThreadAllocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Counts the bytes this thread allocates over a million lease decisions and balancer picks. A quick
 * guard in the default run; {@code LeaseBenchmark -prof gc} in tailguard-bench is the measurement.
 */
class LeaseAllocationFreeTest {

    private static final int DECISIONS = 1_000_000;

    @Test
    void gateViewsAndBalancersAllocateNothingPerDecision() {
        assumeTrue(ThreadAllocation.supported());
        LeaseGate gate = new LeaseGate();
        List<LeaseView> views = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            LeaseView view = new LeaseView();
            view.onLease(0L, new Lease(Integer.MAX_VALUE, Duration.ofHours(1)));
            views.add(view);
        }
        LeastLoadedBalancer leastLoaded = new LeastLoadedBalancer(views);
        PowerOfTwoChoicesBalancer p2c = new PowerOfTwoChoicesBalancer(3,
                PowerOfTwoChoicesBalancer.Config.defaults(), new SplittableRandom(1));
        LeaseStats stats = new LeaseStats(20_000_000L, 0L);
        int[] admitted = {0};
        long bytes = ThreadAllocation.steadyBytes(() -> {
            admitted[0] = 0; // the admits of the last run
            gate.install(0L, new Lease(DECISIONS / 2, Duration.ofHours(1)));
            for (int i = 0; i < DECISIONS; i++) {
                long now = i;
                if (gate.tryAcquire(now).isAdmitted()) {
                    admitted[0]++;
                    stats.onAccepted(now);
                    stats.onCompleted(now + 5, now);
                } else {
                    stats.onRejected();
                }
                int chosen = leastLoaded.pick(now);
                views.get(chosen).onSent();
                int other = p2c.pick(now);
                p2c.onComplete(now, other, 1_000L, true);
            }
        });
        assertThat(admitted[0]).isEqualTo(DECISIONS / 2); // half of a run admitted, half rejected
        assertThat(bytes).isLessThan(1_000L);
    }
}
