package io.tailguard.bench;

import com.netflix.concurrency.limits.limit.FixedLimit;
import com.netflix.concurrency.limits.servlet.ConcurrencyLimitServletFilter;
import com.netflix.concurrency.limits.servlet.ServletLimiterBuilder;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.servlet.TailguardFilter;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The time a servlet filter adds to one admitted request: the filter's {@code doFilter} around an
 * application that does nothing, against calling the application directly, in the same run.
 * {@code ours} is tailguard's Jakarta filter with a fixed concurrency limit no thread count reaches;
 * {@code oursRateLimitQueue} adds a token bucket that never runs dry and a queue (never used,
 * since the limit is never reached: it costs an emptiness check). {@code peerNetflix} is
 * concurrency-limits' servlet filter 0.4.1 (javax.servlet) with a fixed limit of the same size.
 * {@code directJakarta} and {@code directJavax} call the application without a filter; subtract
 * them to get the added time.
 *
 * <p>Requests and responses are stand-ins with no container (see {@code ServletStubs}), so the
 * figures are the filters' own cost, not a server's.
 *
 * <p>How to run:
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar 'ServletFilterBenchmark' -t 1 -prof gc
 * java -jar tailguard-bench/target/benchmarks.jar 'ServletFilterBenchmark' -t 2 -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ServletFilterBenchmark {

    private static final int LIMIT = 1_000;

    private TailguardFilter ours;
    private TailguardFilter oursRateLimitQueue;
    private ConcurrencyLimitServletFilter netflix;
    private final jakarta.servlet.http.HttpServletRequest jakartaRequest = ServletStubs.jakartaRequest();
    private final jakarta.servlet.http.HttpServletResponse jakartaResponse = ServletStubs.jakartaResponse();
    private final javax.servlet.http.HttpServletRequest javaxRequest = ServletStubs.javaxRequest();
    private final javax.servlet.http.HttpServletResponse javaxResponse = ServletStubs.javaxResponse();
    private final jakarta.servlet.FilterChain jakartaApplication = (request, response) -> { };
    private final javax.servlet.FilterChain javaxApplication = (request, response) -> { };

    @Setup
    public void setUp() {
        ours = TailguardFilter.builder().limiter(ConcurrencyLimiter.fixed(LIMIT)).build();
        oursRateLimitQueue = TailguardFilter.builder()
                .rate(TokenBucketConfig.of(1_000_000_000L, 1_000_000_000L, Duration.ofSeconds(1))) // never dry
                .limiter(ConcurrencyLimiter.fixed(LIMIT))
                .queue(BoundedQueueConfig.fifo(128, Duration.ofMillis(100)))
                .build();
        netflix = new ConcurrencyLimitServletFilter(new ServletLimiterBuilder().limit(FixedLimit.of(LIMIT)).build());
    }

    @Benchmark
    public void directJakarta() throws IOException, jakarta.servlet.ServletException {
        jakartaApplication.doFilter(jakartaRequest, jakartaResponse);
    }

    @Benchmark
    public void ours() throws IOException, jakarta.servlet.ServletException {
        ours.doFilter(jakartaRequest, jakartaResponse, jakartaApplication);
    }

    @Benchmark
    public void oursRateLimitQueue() throws IOException, jakarta.servlet.ServletException {
        oursRateLimitQueue.doFilter(jakartaRequest, jakartaResponse, jakartaApplication);
    }

    @Benchmark
    public void directJavax() throws IOException, javax.servlet.ServletException {
        javaxApplication.doFilter(javaxRequest, javaxResponse);
    }

    @Benchmark
    public void peerNetflix() throws IOException, javax.servlet.ServletException {
        netflix.doFilter(javaxRequest, javaxResponse, javaxApplication);
    }
}
