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
 * <p>Each is measured given the time and end to end:
 * <ul>
 *   <li>{@code oursGivenTime}: given {@code nowNanos} (advanced 1 µs per call by the calling thread);
 *       {@code resilience4jGivenDuration}: {@code tryAcquirePermission} and {@code onSuccess} of 1 µs,
 *       which reads no clock in the closed path;</li>
 *   <li>{@code oursEndToEnd}: the clock-taking calls, {@code tryAcquire(clock)} and
 *       {@code onSuccess(clock, d)}, which read the clock only when the answer depends on it: a closed
 *       count-based breaker judging failures only reads none, an open one reads it once;</li>
 *   <li>{@code oursOneClockRead}: one {@code nanoTime()} per call shared by the permission and the
 *       success (how a caller of the time-taking calls does it);</li>
 *   <li>{@code resilience4jEndToEnd}: what Resilience4j's {@code decorateSupplier} does around a call
 *       that returns at once: the permission, {@code getCurrentTimestamp()} before and after (its
 *       slow-call rule always needs the duration), {@code onSuccess} of the difference; a rejection
 *       returns {@code false} where the decorator would throw {@code CallNotPermittedException}.</li>
 * </ul>
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

    private static final long CALL_NANOS = VirtualTime.CALL_NANOS;

    @Param({"closed", "open"})
    public String path;

    private final NanoClock clock = NanoClock.system();
    private CircuitBreaker ours;
    private io.github.resilience4j.circuitbreaker.CircuitBreaker resilience4j;

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
        boolean permitted = ours.tryAcquire(clock);
        if (permitted) {
            ours.onSuccess(clock, CALL_NANOS);
        }
        return permitted;
    }

    @Benchmark
    public boolean oursOneClockRead() {
        return oursAt(clock.nanoTime());
    }

    @Benchmark
    public boolean oursGivenTime(VirtualTime time) {
        return oursAt(time.next());
    }

    /** One call of ours at {@code now}: ask, and when permitted, succeed at the same time. */
    private boolean oursAt(long now) {
        boolean permitted = ours.tryAcquire(now);
        if (permitted) {
            ours.onSuccess(now, CALL_NANOS);
        }
        return permitted;
    }

    @Benchmark
    public boolean resilience4jEndToEnd() {
        if (!resilience4j.tryAcquirePermission()) {
            return false;
        }
        long start = resilience4j.getCurrentTimestamp();
        resilience4j.onSuccess(resilience4j.getCurrentTimestamp() - start, resilience4j.getTimestampUnit());
        return true;
    }

    @Benchmark
    public boolean resilience4jGivenDuration() {
        boolean permitted = resilience4j.tryAcquirePermission();
        if (permitted) {
            resilience4j.onSuccess(CALL_NANOS, TimeUnit.NANOSECONDS);
        }
        return permitted;
    }
}
