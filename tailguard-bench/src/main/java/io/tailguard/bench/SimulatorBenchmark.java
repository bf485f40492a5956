package io.tailguard.bench;

import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.sim.Simulation;
import io.tailguard.sim.SimulationResult;
import io.tailguard.sim.Station;
import io.tailguard.sim.StationQueues;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Not thread-safe (JMH state per thread) throughput of the simulator on one thread, in simulated
 * requests (arrivals) per second. Each invocation builds a fresh simulation and runs
 * {@value #REQUESTS} arrivals through it, so the score is requests/s.
 *
 * <ul>
 *   <li>{@code gateOnly}: constant arrivals every 1 µs through a core {@link TokenBucket}
 *       (500 000/s, burst 100: about half are rejected) into an infinite-server station with a
 *       fixed 10 µs service — the admission path plus one completion per admitted request.</li>
 *   <li>{@code queueAndWorker}: Poisson arrivals at ρ = 0.9 into one worker with exponential
 *       service (mean 1 ms) behind a bounded FIFO of 100 — the M/M/1/K path.</li>
 *   <li>{@code queueAndWorkerOverloaded}: constant arrivals at 1.1× the capacity of one worker
 *       with a fixed 1 ms service behind a bounded FIFO of 100: the queue stays full and about 9 %
 *       are rejected; no random draws, so it separates the engine from the samplers.</li>
 * </ul>
 *
 * <p>How to run (from the repository root):
 * <pre>
 * mvn -B -q -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar SimulatorBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s
 * java -jar tailguard-bench/target/benchmarks.jar SimulatorBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 * There is no peer: no library in the benchmark classpath simulates admission policies. On a
 * shared machine the wall-clock score follows the CPU share the benchmark gets;
 * {@link SimulatorCpuTime} runs the same scenarios and divides by the thread's CPU time instead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulatorBenchmark {

    static final int REQUESTS = 1_000_000;

    /** Token bucket in front of an infinite-server station; see the class comment. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public SimulationResult gateOnly() {
        return gateOnly(REQUESTS);
    }

    /** M/M/1/K at ρ = 0.9; see the class comment. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public SimulationResult queueAndWorker() {
        return queueAndWorker(REQUESTS);
    }

    /** D/D/1/K at 1.1× capacity; see the class comment. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public SimulationResult queueAndWorkerOverloaded() {
        return queueAndWorkerOverloaded(REQUESTS);
    }

    static SimulationResult gateOnly(int requests) {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(100, 500_000, Duration.ofSeconds(1)), 0L);
        return Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofNanos(1_000)))
                .station(Station.builder().unboundedWorkers()
                        .service(ServiceModel.fixed(Duration.ofNanos(10_000))).gate(bucket).build())
                .maxArrivals(requests)
                .build().run();
    }

    static SimulationResult queueAndWorker(int requests) {
        return Simulation.builder()
                .seed(1)
                .arrivals(ArrivalSource.poisson(900))
                .station(Station.builder().workers(1).queue(StationQueues.bounded(100))
                        .service(ServiceModel.exponential(Duration.ofMillis(1))).build())
                .maxArrivals(requests)
                .build().run();
    }

    static SimulationResult queueAndWorkerOverloaded(int requests) {
        return Simulation.builder()
                .arrivals(ArrivalSource.constant(Duration.ofNanos(909_091)))
                .station(Station.builder().workers(1).queue(StationQueues.bounded(100))
                        .service(ServiceModel.fixed(Duration.ofMillis(1))).build())
                .maxArrivals(requests)
                .build().run();
    }
}
