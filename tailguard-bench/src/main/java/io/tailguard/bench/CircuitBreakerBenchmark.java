package io.tailguard.bench;

import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowType;
import io.tailguard.breaker.CircuitBreaker;
import io.tailguard.breaker.CircuitBreakerConfig;
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
 * One circuit-breaker call: tailguard's {@link CircuitBreaker} against Resilience4j's
 * {@code CircuitBreaker} 2.2.0, both count-based over 100 calls, 50 %, in the same run.
 * {@code path=closed} asks for a permission and records a success (the cost every healthy call
 * pays); {@code path=open} opens both breakers for a day in setup, so every call is rejected.
 *
 * <p>Ours is measured two ways: {@code oursEndToEnd} reads {@code System.nanoTime()} once per call
 * (for the permission and the success); {@code oursGivenTime} is given {@code nowNanos} (advanced
 * 1 µs per call by the calling thread). Resilience4j's count-based window reads no clock in either
 * path; both record a success of 1 µs.
 *
 * <p>How to run (with allocation per op):
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar CircuitBreakerBenchmark -t 1 -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CircuitBreakerBenchmark {

    private static final long CALL_NANOS = 1_000L;

    @Param({"closed", "open"})
    public String path;

    private final NanoClock clock = NanoClock.system();
    private CircuitBreaker ours;
    private io.github.resilience4j.circuitbreaker.CircuitBreaker resilience4j;

    /** Per-thread virtual time for the given-time variant. */
    @State(Scope.Thread)
    public static class ThreadTime {
        long nowNanos;

        @Setup
        public void setUp() {
            nowNanos = NanoClock.system().nanoTime();
        }

        long next() {
            nowNanos += CALL_NANOS;
            return nowNanos;
        }
    }

    @Setup
    public void setUp() {
        ours = new CircuitBreaker(CircuitBreakerConfig.countBased(100, 100, 50.0, Duration.ofDays(1), 10));
        resilience4j = io.github.resilience4j.circuitbreaker.CircuitBreaker.of("bench",
                io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.custom()
                        .slidingWindowType(SlidingWindowType.COUNT_BASED).slidingWindowSize(100)
                        .minimumNumberOfCalls(100).failureRateThreshold(50)
                        .waitDurationInOpenState(Duration.ofDays(1)).build());
        if (path.equals("open")) {
            long now = clock.nanoTime();
            for (int i = 0; i < 100; i++) {
                ours.onFailure(now, CALL_NANOS);
            }
            resilience4j.transitionToOpenState();
        }
    }

    @Benchmark
    public boolean oursEndToEnd() {
        long now = clock.nanoTime();
        boolean permitted = ours.tryAcquire(now);
        if (permitted) {
            ours.onSuccess(now, CALL_NANOS);
        }
        return permitted;
    }

    @Benchmark
    public boolean oursGivenTime(ThreadTime time) {
        long now = time.next();
        boolean permitted = ours.tryAcquire(now);
        if (permitted) {
            ours.onSuccess(now, CALL_NANOS);
        }
        return permitted;
    }

    @Benchmark
    public boolean resilience4j() {
        boolean permitted = resilience4j.tryAcquirePermission();
        if (permitted) {
            resilience4j.onSuccess(CALL_NANOS, TimeUnit.NANOSECONDS);
        }
        return permitted;
    }
}
