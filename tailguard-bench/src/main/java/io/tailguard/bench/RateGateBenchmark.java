package io.tailguard.bench;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.tailguard.admission.Decision;
import io.tailguard.rate.FixedWindowConfig;
import io.tailguard.rate.FixedWindowRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.NanoClock;
import java.time.Duration;
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
 * One rate-gate decision: tailguard's {@link TokenBucket} and {@link FixedWindowRateLimiter} against
 * Resilience4j {@code RateLimiter} (fixed window), Bucket4j (token bucket) and Guava
 * {@code RateLimiter} (smooth bursty), in the same run. {@code path=admit} configures every gate so
 * generously that each call is admitted; {@code path=reject} drains a one-token gate in setup so
 * every call is refused.
 *
 * <p>Ours is measured two ways: {@code *EndToEnd} reads the clock inside the call, as every peer
 * does; {@code *Decision} is given {@code nowNanos} (advanced by 1 µs per call by the calling
 * thread), which is what a request that passes several gates pays per gate after one clock read.
 * Compare with {@link ClockBenchmark#nanoTime()} from the same run.
 *
 * <p>How to run (1 and 2 threads, with allocation per op):
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar 'RateGateBenchmark|ClockBenchmark' -t 1 -prof gc
 * java -jar tailguard-bench/target/benchmarks.jar 'RateGateBenchmark|ClockBenchmark' -t 2 -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RateGateBenchmark {

    @Param({"admit", "reject"})
    public String path;

    private final NanoClock clock = NanoClock.system();
    private TokenBucket tokenBucket;
    private TokenBucket fractionalBucket;
    private FixedWindowRateLimiter fixedWindow;
    private RateLimiter resilience4j;
    private Bucket bucket4j;
    private com.google.common.util.concurrent.RateLimiter guava;

    @Setup
    public void setUp() {
        long start = clock.nanoTime();
        boolean admit = path.equals("admit");
        if (admit) {
            // 10^9 tokens per second with a burst of 10^9: no call can run the gate dry.
            tokenBucket = new TokenBucket(TokenBucketConfig.of(1_000_000_000L, 1_000_000_000L, Duration.ofSeconds(1)), start);
            // An interval of 1.000000001 ns: the bucket counts ticks with its reciprocal multiplication.
            fractionalBucket = new TokenBucket(
                    TokenBucketConfig.of(1_000_000_000L, 999_999_999L, Duration.ofSeconds(1)), start);
            fixedWindow = new FixedWindowRateLimiter(new FixedWindowConfig(Integer.MAX_VALUE, Duration.ofSeconds(1)), start);
            resilience4j = RateLimiter.of("admit", RateLimiterConfig.custom()
                    .limitForPeriod(Integer.MAX_VALUE)
                    .limitRefreshPeriod(Duration.ofSeconds(1))
                    .timeoutDuration(Duration.ZERO)
                    .build());
            bucket4j = Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(1_000_000_000L)
                            .refillGreedy(1_000_000_000L, Duration.ofSeconds(1)).build())
                    .build();
            guava = com.google.common.util.concurrent.RateLimiter.create(1.0e9);
        } else {
            // One token, refilled once in a thousand days: setup takes it, every measured call is refused.
            tokenBucket = new TokenBucket(TokenBucketConfig.of(1, 1, Duration.ofDays(1000)), start);
            fractionalBucket = new TokenBucket(TokenBucketConfig.of(1, 7, Duration.ofDays(1000)), start);
            fixedWindow = new FixedWindowRateLimiter(new FixedWindowConfig(1, Duration.ofDays(1000)), start);
            resilience4j = RateLimiter.of("reject", RateLimiterConfig.custom()
                    .limitForPeriod(1)
                    .limitRefreshPeriod(Duration.ofDays(1000))
                    .timeoutDuration(Duration.ZERO)
                    .build());
            bucket4j = Bucket.builder()
                    .addLimit(Bandwidth.builder().capacity(1).refillGreedy(1, Duration.ofDays(1000)).build())
                    .build();
            guava = com.google.common.util.concurrent.RateLimiter.create(1.0e-6);
            tokenBucket.tryAcquire(start);
            fractionalBucket.tryAcquire(start);
            fixedWindow.tryAcquire(start);
            resilience4j.acquirePermission();
            bucket4j.tryConsume(1);
            guava.tryAcquire();
        }
    }

    @Benchmark
    public Decision tokenBucketEndToEnd() {
        return tokenBucket.tryAcquire(clock.nanoTime());
    }

    @Benchmark
    public Decision tokenBucketDecision(VirtualTime time) {
        return tokenBucket.tryAcquire(time.next());
    }

    /**
     * The token bucket at an emission interval that is not a whole number of nanoseconds, where it
     * counts ticks of {@code T / floor(T)} with one reciprocal multiplication (the others take
     * the elapsed nanoseconds as ticks).
     */
    @Benchmark
    public Decision tokenBucketFractionalEndToEnd() {
        return fractionalBucket.tryAcquire(clock.nanoTime());
    }

    @Benchmark
    public Decision fixedWindowEndToEnd() {
        return fixedWindow.tryAcquire(clock.nanoTime());
    }

    @Benchmark
    public Decision fixedWindowDecision(VirtualTime time) {
        return fixedWindow.tryAcquire(time.next());
    }

    @Benchmark
    public boolean peerResilience4j() {
        return resilience4j.acquirePermission();
    }

    @Benchmark
    public boolean peerBucket4j() {
        return bucket4j.tryConsume(1);
    }

    @Benchmark
    public boolean peerGuava() {
        return guava.tryAcquire();
    }
}
