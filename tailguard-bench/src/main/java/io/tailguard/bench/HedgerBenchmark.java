package io.tailguard.bench;

import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgeDelay;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.Hedger;
import io.tailguard.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Overhead of {@link Hedger} per call on the fast path, where the first attempt answers before the
 * hedge delay so no hedge starts, on the real {@link Scheduler#system()}. Two shapes of fast path:
 * {@code ...Inline} — the supplier returns a future that is already complete (a cache hit), so the
 * call needs no timer; {@code ...Answered} — the supplier returns a pending future that the
 * benchmark thread completes right after the call began (an answer arriving before the delay), so
 * the call schedules its hedge timer and cancels it. Compared with calling the supplier directly
 * in the same run. Resilience4j has no hedge artifact on Maven Central ({@code
 * io.github.resilience4j:resilience4j-hedge} does not exist there), so it has no row.
 *
 * <p>How to run (from the repository root):
 *
 * <pre>
 * mvn -B -q -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar HedgerBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HedgerBenchmark {

    private final CompletableFuture<String> answer = CompletableFuture.completedFuture("value");
    private final Supplier<CompletableFuture<String>> backend = () -> answer;
    private Hedger speculative;
    private Hedger percentileBudgeted;

    /**
     * Builds the hedgers: the speculative policy of the published hedging article, and p95 with a
     * 5 % budget. The timeout is 10 s instead of the article's 50 ms and the percentile's floor is
     * 25 ms, so that a benchmark
     * thread descheduled on a busy machine neither times a call out nor hedges it; the fast path
     * costs the same whatever the values.
     */
    @Setup
    public void setUp() {
        speculative = new Hedger(
                HedgePolicy.speculative(3, Duration.ofMillis(25), Duration.ofSeconds(10)),
                Scheduler.system());
        percentileBudgeted = new Hedger(
                HedgePolicy.speculative(2, Duration.ofMillis(25), Duration.ofSeconds(10))
                        .withDelay(new HedgeDelay.Percentile(95, 1000, 100, Duration.ofMillis(25)))
                        .withBudget(HedgeBudget.of(0.05)),
                Scheduler.system());
    }

    /** Baseline: the supplier called directly, its future already complete. */
    @Benchmark
    public String directInline() {
        return backend.get().join();
    }

    /** Baseline: the supplier called directly, its future completed afterwards. */
    @Benchmark
    public String directAnswered() {
        CompletableFuture<String> pending = new CompletableFuture<>();
        Supplier<CompletableFuture<String>> later = () -> pending;
        CompletableFuture<String> call = later.get();
        pending.complete("value");
        return call.join();
    }

    /** The published hedging article's policy (3 attempts, patience 25 ms), future already complete. */
    @Benchmark
    public String speculativeInline() {
        return speculative.call(backend).join().value();
    }

    /** The article's policy, answer arriving after the call began: one timer scheduled and cancelled. */
    @Benchmark
    public String speculativeAnswered() {
        return answeredAfterTheCall(speculative);
    }

    /** p95 delay with a 5 % budget, future already complete: adds the window and the deposit. */
    @Benchmark
    public String percentileBudgetedInline() {
        return percentileBudgeted.call(backend).join().value();
    }

    /** p95 delay with a 5 % budget, answer arriving after the call began. */
    @Benchmark
    public String percentileBudgetedAnswered() {
        return answeredAfterTheCall(percentileBudgeted);
    }

    /** One call through {@code hedger} whose answer arrives after the call began. */
    private static String answeredAfterTheCall(Hedger hedger) {
        CompletableFuture<String> pending = new CompletableFuture<>();
        CompletableFuture<HedgeResult<String>> call = hedger.call(() -> pending);
        pending.complete("value");
        return call.join().value();
    }
}
