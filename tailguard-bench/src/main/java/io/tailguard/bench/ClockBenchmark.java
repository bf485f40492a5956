package io.tailguard.bench;

import io.tailguard.time.NanoClock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Baseline: the cost of reading the monotonic clock, which every peer pays inside each decision.
 * Run it in the same JMH run as the policy benchmarks and subtract it from the peers' figures to
 * get their decision cost beyond the clock read.
 *
 * <p>How to run: {@code java -jar tailguard-bench/target/benchmarks.jar 'ClockBenchmark' -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ClockBenchmark {

    private final NanoClock clock = NanoClock.system();

    /** {@code System.nanoTime()} through tailguard's {@link NanoClock}. */
    @Benchmark
    public long nanoTime() {
        return clock.nanoTime();
    }
}
