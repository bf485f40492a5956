package io.tailguard.bench;

import io.tailguard.time.NanoClock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Baseline: the cost of reading the monotonic clock, which every peer pays inside each decision.
 * Run it in the same JMH run as the policy benchmarks and subtract it from the peers' figures to
 * get their decision cost beyond the clock read; {@code nanoTimePlusCas} is the floor of a gate
 * that reads the clock and updates one shared word.
 *
 * <p>How to run: {@code java -jar tailguard-bench/target/benchmarks.jar 'ClockBenchmark' -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ClockBenchmark {

    private final NanoClock clock = NanoClock.system();
    private final AtomicLong word = new AtomicLong();

    /** {@code System.nanoTime()} through tailguard's {@link NanoClock}. */
    @Benchmark
    public long nanoTime() {
        return clock.nanoTime();
    }

    /**
     * The physical floor of a gate that reads the clock and updates one shared word: one
     * {@code System.nanoTime()} and one successful CAS on a word every thread of the run shares.
     * Under contention the CAS is retried, as a gate's would be.
     */
    @Benchmark
    public long nanoTimePlusCas() {
        long now = clock.nanoTime();
        long seen = word.get();
        while (!word.compareAndSet(seen, now)) {
            seen = word.get();
        }
        return seen;
    }

    /**
     * The floor of a gate given {@code nowNanos}: what {@code RateGateBenchmark.*Decision} pays
     * beyond its logic, one per-thread time step (as there) and one successful CAS on the shared
     * word, retried under contention.
     */
    @Benchmark
    public long casGivenNow(VirtualTime time) {
        long now = time.next();
        long seen = word.get();
        while (!word.compareAndSet(seen, now)) {
            seen = word.get();
        }
        return seen;
    }

}
