package io.tailguard.bench;

import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.tailguard.admission.Decision;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.Gradient2Limit;
import io.tailguard.limit.Gradient2LimitConfig;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Concurrency limiter acquire + release: tailguard's {@link ConcurrencyLimiter} against Netflix
 * concurrency-limits {@code SimpleLimiter}, both with a fixed limit, in the same run.
 * {@code path=admit} uses a limit no thread count can reach, and each op acquires and completes the
 * permit with success; {@code path=reject} holds the only slot of a limit-1 limiter, so each op is
 * refused. {@code oursVegas*} adds the cost of an adaptive estimator update per completion;
 * {@code peerNetflixVegas} is its peer, {@code SimpleLimiter} with Netflix's {@code VegasLimit}
 * (same initial and maximum limit, smoothing 1.0, probe multiplier 30).
 *
 * <p>{@code *EndToEnd} passes the clock, as {@code SimpleLimiter} reads it, through
 * {@code tryAcquire(NanoClock)}, and reads it again for the completion. The limiter reads the
 * clock only once a place is reserved, and never for a fixed limit, which learns nothing from
 * timings (so a rejection reads no clock, as in {@code SimpleLimiter}; {@code ours} is a fixed
 * limit, {@code oursVegas} an adaptive one); {@code *Decision} is given {@code nowNanos}.
 *
 * <p>How to run:
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar 'ConcurrencyLimiterBenchmark' -t 1 -prof gc
 * java -jar tailguard-bench/target/benchmarks.jar 'ConcurrencyLimiterBenchmark' -t 2 -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ConcurrencyLimiterBenchmark {

    @Param({"admit", "reject"})
    public String path;

    private final NanoClock clock = NanoClock.system();
    private ConcurrencyLimiter ours;
    private ConcurrencyLimiter oursVegas;
    private SimpleLimiter<Void> netflix;
    private SimpleLimiter<Void> netflixVegas;
    private ConcurrencyLimiter oursAimd;
    private SimpleLimiter<Void> netflixAimd;
    private ConcurrencyLimiter oursGradient2;
    private SimpleLimiter<Void> netflixGradient2;

    /**
     * Per-thread virtual time for the decision-only variants. It moves on only after an admission,
     * so that a rejection is measured without the harness's own store (the peer's op has none).
     */
    @State(Scope.Thread)
    public static class ThreadTime {
        long nowNanos;
    }

    @Setup
    public void setUp() {
        boolean admit = path.equals("admit");
        int limit = admit ? 1_000 : 1;
        ours = ConcurrencyLimiter.fixed(limit);
        oursVegas = ConcurrencyLimiter.of(new VegasLimit(new VegasLimitConfig(limit, limit, 1.0, 30)));
        netflix = SimpleLimiter.newBuilder()
                .limit(com.netflix.concurrency.limits.limit.FixedLimit.of(limit))
                .build();
        netflixVegas = SimpleLimiter.newBuilder()
                .limit(com.netflix.concurrency.limits.limit.VegasLimit.newBuilder()
                        .initialLimit(limit).maxConcurrency(limit).smoothing(1.0).probeMultiplier(30).build())
                .build();
        // AIMD and Gradient2 pinned at the limit (min = max), the same settings on both sides
        oursAimd = ConcurrencyLimiter.of(new AimdLimit(new AimdLimitConfig(limit, limit, limit, 0.9, Duration.ofSeconds(5))));
        netflixAimd = SimpleLimiter.newBuilder()
                .limit(com.netflix.concurrency.limits.limit.AIMDLimit.newBuilder()
                        .initialLimit(limit).minLimit(limit).maxLimit(limit).backoffRatio(0.9)
                        .timeout(5, TimeUnit.SECONDS).build())
                .build();
        oursGradient2 = ConcurrencyLimiter.of(new Gradient2Limit(
                new Gradient2LimitConfig(limit, limit, limit, 0.2, 1.5, 4, 1.0)));
        netflixGradient2 = SimpleLimiter.newBuilder()
                .limit(com.netflix.concurrency.limits.limit.Gradient2Limit.newBuilder()
                        .initialLimit(limit).minLimit(limit).maxConcurrency(limit).smoothing(0.2)
                        .rttTolerance(1.5).longWindow(600).queueSize(4).build())
                .build();
        if (!admit) {
            // hold the only slot for the whole run
            ours.tryAcquire(0L);
            oursVegas.tryAcquire(0L);
            oursAimd.tryAcquire(0L);
            oursGradient2.tryAcquire(0L);
            netflix.acquire(null);
            netflixVegas.acquire(null);
            netflixAimd.acquire(null);
            netflixGradient2.acquire(null);
        }
    }

    @Benchmark
    public boolean oursEndToEnd() {
        return acquireAndSucceed(ours);
    }

    @Benchmark
    public boolean oursDecision(ThreadTime time) {
        long now = time.nowNanos;
        Decision decision = ours.tryAcquire(now);
        if (decision.isAdmitted()) {
            decision.permit().onSuccess(now + 500L);
            time.nowNanos = now + 1_000L;
            return true;
        }
        return false;
    }

    @Benchmark
    public boolean oursVegasEndToEnd() {
        return acquireAndSucceed(oursVegas);
    }

    /** Ours with {@link AimdLimit}, end to end. */
    @Benchmark
    public boolean oursAimdEndToEnd() {
        return acquireAndSucceed(oursAimd);
    }

    /** Ours with {@link Gradient2Limit}, end to end. */
    @Benchmark
    public boolean oursGradient2EndToEnd() {
        return acquireAndSucceed(oursGradient2);
    }

    /** The peer of {@code oursAimdEndToEnd}: {@code SimpleLimiter} with Netflix's {@code AIMDLimit}. */
    @Benchmark
    public boolean peerNetflixAimd() {
        return acquireAndSucceed(netflixAimd);
    }

    /** The peer of {@code oursGradient2EndToEnd}: {@code SimpleLimiter} with Netflix's {@code Gradient2Limit}. */
    @Benchmark
    public boolean peerNetflixGradient2() {
        return acquireAndSucceed(netflixGradient2);
    }

    /** One op of ours end to end: acquire reading the clock, and on admission complete with success. */
    private boolean acquireAndSucceed(ConcurrencyLimiter limiter) {
        Decision decision = limiter.tryAcquire(clock);
        if (decision.isAdmitted()) {
            decision.permit().onSuccess(clock.nanoTime());
            return true;
        }
        return false;
    }

    /**
     * Does nothing but return false: what the harness itself costs per op (its loop and the
     * consumption of the result), the floor under every figure here. A rejection is a few cycles
     * above it.
     */
    @Benchmark
    public boolean harnessFloor() {
        return false;
    }

    /** The adaptive peer of {@code oursVegasEndToEnd}: {@code SimpleLimiter} with Netflix's {@code VegasLimit}, same settings. */
    @Benchmark
    public boolean peerNetflixVegas() {
        return acquireAndSucceed(netflixVegas);
    }

    @Benchmark
    public boolean peerNetflixSimpleLimiter() {
        return acquireAndSucceed(netflix);
    }

    /** One op of a Netflix limiter: acquire, and on admission complete with success. */
    private static boolean acquireAndSucceed(SimpleLimiter<Void> limiter) {
        Optional<Limiter.Listener> listener = limiter.acquire(null);
        if (listener.isPresent()) {
            listener.get().onSuccess();
            return true;
        }
        return false;
    }
}
