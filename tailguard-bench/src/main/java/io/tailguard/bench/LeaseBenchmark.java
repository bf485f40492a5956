package io.tailguard.bench;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.tailguard.admission.Decision;
import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.balance.RoundRobinBalancer;
import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseGate;
import io.tailguard.lease.LeaseView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of the lease decision path: the responder's {@link LeaseGate} admitting and rejecting, and
 * a requester's {@link LeastLoadedBalancer} picking among 3 and 100 lease views; with round robin,
 * power-of-two-choices and the peer Resilience4j {@code RateLimiter} (also "N permits per period")
 * in the same run. Every operation should allocate 0 bytes.
 *
 * <p>How to run (from the repository root):
 * <pre>
 * mvn -B -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar LeaseBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LeaseBenchmark {

    private static final long NOW_NANOS = 1_000_000_000L;

    private LeaseGate admitting;
    private LeaseGate exhausted;
    private RateLimiter peerRateLimiter;

    /** Builds the gates and the peer. */
    @Setup(Level.Trial)
    public void setUp() {
        admitting = new LeaseGate();
        exhausted = new LeaseGate();
        exhausted.install(NOW_NANOS, new Lease(1, Duration.ofHours(1)));
        exhausted.tryAcquire(NOW_NANOS);
        peerRateLimiter = RateLimiter.of("peer", RateLimiterConfig.custom()
                .limitForPeriod(Integer.MAX_VALUE).limitRefreshPeriod(Duration.ofSeconds(1))
                .timeoutDuration(Duration.ZERO).build());
    }

    /** Balancers over {@code backends} lease views, one set per parameter value. */
    @State(Scope.Benchmark)
    public static class Backends {

        @Param({"3", "100"})
        int backends;

        LeastLoadedBalancer leastLoaded;
        RoundRobinBalancer roundRobin;
        PowerOfTwoChoicesBalancer p2c;

        /** Builds the balancers; leases are long enough for the whole run. */
        @Setup(Level.Trial)
        public void setUp() {
            List<LeaseView> views = new ArrayList<>();
            for (int i = 0; i < backends; i++) {
                LeaseView view = new LeaseView();
                // different grants, partly used, so the argmax is not trivially the first backend
                view.onLease(NOW_NANOS, new Lease(1_000 + 7 * i, Duration.ofHours(1)));
                for (int k = 0; k < (i * 37) % 500; k++) {
                    view.onSent();
                }
                views.add(view);
            }
            leastLoaded = new LeastLoadedBalancer(views);
            roundRobin = new RoundRobinBalancer(backends);
            p2c = new PowerOfTwoChoicesBalancer(backends, PowerOfTwoChoicesBalancer.Config.defaults(),
                    new SplittableRandom(42));
            for (int i = 0; i < backends; i++) {
                p2c.onComplete(NOW_NANOS, i, 1_000_000L + i * 1_000L, true);
            }
        }
    }

    /** A fresh lease of 2^31−1 requests every iteration, so the admitting gate never runs out. */
    @Setup(Level.Iteration)
    public void refillLease() {
        admitting.install(NOW_NANOS, new Lease(Integer.MAX_VALUE, Duration.ofHours(1)));
    }

    /** Lease gate, admitted: one CAS on the remaining count, shared no-op permit. */
    @Benchmark
    public Decision leaseGateAcquire() {
        return admitting.tryAcquire(NOW_NANOS);
    }

    /** Lease gate, rejected: lease exhausted, cached rejection. */
    @Benchmark
    public Decision leaseGateReject() {
        return exhausted.tryAcquire(NOW_NANOS);
    }

    /** Least-loaded pick: one pass over every backend's availability. */
    @Benchmark
    public int leastLoadedPick(Backends b) {
        return b.leastLoaded.pick(NOW_NANOS);
    }

    /** Round-robin pick, for scale. */
    @Benchmark
    public int roundRobinPick(Backends b) {
        return b.roundRobin.pick(NOW_NANOS);
    }

    /** Power-of-two-choices pick and completion (the pick counts the request outstanding). */
    @Benchmark
    public int p2cPickAndComplete(Backends b) {
        int chosen = b.p2c.pick(NOW_NANOS);
        b.p2c.onComplete(NOW_NANOS, chosen, 1_000_000L, true);
        return chosen;
    }

    /** Peer: Resilience4j RateLimiter granting one permit (unreachable limit). */
    @Benchmark
    public boolean peerResilience4jAcquire() {
        return peerRateLimiter.acquirePermission();
    }
}
