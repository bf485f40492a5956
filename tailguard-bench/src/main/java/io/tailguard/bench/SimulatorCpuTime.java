package io.tailguard.bench;

import io.tailguard.sim.SimulationResult;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * Not thread-safe companion of {@link SimulatorBenchmark}: runs the same scenarios and reports
 * simulated requests per second of the thread's own CPU time, which other processes on a shared
 * machine disturb far less than wall-clock time (they still share caches and cores).
 *
 * <p>How to run (after building {@code benchmarks.jar}):
 * <pre>
 * java -cp tailguard-bench/target/benchmarks.jar io.tailguard.bench.SimulatorCpuTime
 * </pre>
 * Prints, per scenario, the median and the maximum over 10 measured rounds (after 5 warm-up
 * rounds) of 5 runs of {@value SimulatorBenchmark#REQUESTS} requests each.
 */
public final class SimulatorCpuTime {

    private SimulatorCpuTime() {
    }

    /** Runs every scenario and prints one line each. */
    public static void main(String[] args) {
        measure("gateOnly", SimulatorBenchmark::gateOnly);
        measure("queueAndWorker", SimulatorBenchmark::queueAndWorker);
        measure("queueAndWorkerOverloaded", SimulatorBenchmark::queueAndWorkerOverloaded);
    }

    private static void measure(String name, IntFunction<SimulationResult> scenario) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int warmup = 5;
        int rounds = 10;
        int runsPerRound = 5;
        int requests = SimulatorBenchmark.REQUESTS;
        double[] rates = new double[rounds];
        long sink = 0;
        for (int round = -warmup; round < rounds; round++) {
            long startCpuNanos = threads.getCurrentThreadCpuTime();
            for (int run = 0; run < runsPerRound; run++) {
                sink += scenario.apply(requests).counts().completed();
            }
            long cpuNanos = threads.getCurrentThreadCpuTime() - startCpuNanos;
            if (round >= 0) {
                rates[round] = (double) runsPerRound * requests / cpuNanos * 1e9;
            }
        }
        Arrays.sort(rates);
        System.out.printf(Locale.ROOT, "%-26s median %,.0f  max %,.0f simulated requests per CPU-second (%d)%n",
                name, (rates[rounds / 2 - 1] + rates[rounds / 2]) / 2, rates[rounds - 1], sink & 1);
    }
}
