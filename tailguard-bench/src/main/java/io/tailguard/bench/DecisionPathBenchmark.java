package io.tailguard.bench;

import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PathHost;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.Ticket;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.TimerHandler;
import io.tailguard.time.Timers;
import io.tailguard.time.WheelScheduler;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One request through a pool's {@link DecisionPath} as the proxy runs it when nobody waits: submit
 * (straight to the backend), connected, response head, end. The pool is the proxy's benchmark
 * pool (one backend, a fixed cap of 1,000, a queue of 1,000 with a 10 s timeout, a 30 s response
 * timeout), so every request starts its response timer and cancels it at the head. The host does
 * nothing. Ours on the proxy's timers, {@link Scheduler#system()} (a real-time {@link WheelScheduler}
 * with its own ticking thread), beside the same path on timers that do nothing (the floor: what the
 * path costs without its timer). Run it with
 * {@code -t 2}: two threads share the pool as two event loops share the proxy's.
 *
 * <p>How to run (from the repository root):
 *
 * <pre>
 * mvn -B -q -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar DecisionPathBenchmark -t 2 -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DecisionPathBenchmark {

    private static final PoolSettings POOL = PoolSettings.of("bench", 1, 1000)
            .withQueue(1000, Duration.ofSeconds(10), QueueDiscipline.FIFO);

    private final NanoClock clock = NanoClock.system();
    private final PathHost<Object> host = new PathHost<>() {
        @Override
        public void forward(Object request, int backend, int attempt) {
        }

        @Override
        public void answer(Object request, LocalAnswer answer, long retryAfterSeconds) {
        }

        @Override
        public void cancel(Object request, int attempt) {
        }
    };
    private final Object request = new Object();
    private WheelScheduler ownWheel;
    private WheelScheduler unpolledWheel;
    private DecisionPath<Object> onWheel;
    private DecisionPath<Object> onOwnWheel;
    private DecisionPath<Object> onUnpolledWheel;
    private DecisionPath<Object> withoutTimers;

    /** Builds the paths. */
    @Setup
    public void setUp() {
        ownWheel = new WheelScheduler(clock, Duration.ofNanos(1L << 20), 512, 4).startThread("bench-own-wheel");
        unpolledWheel = new WheelScheduler(clock, Duration.ofNanos(1L << 20), 512, 4);
        onWheel = new DecisionPath<>(POOL, Scheduler.system(), host, new SplittableRandom(1));
        onOwnWheel = new DecisionPath<>(POOL, ownWheel, host, new SplittableRandom(1));
        onUnpolledWheel = new DecisionPath<>(POOL, unpolledWheel, host, new SplittableRandom(1));
        withoutTimers = new DecisionPath<>(POOL, new IdleTimers(clock), host, new SplittableRandom(1));
    }

    /** Stops the own wheel's thread. */
    @TearDown
    public void tearDown() {
        ownWheel.close();
    }

    /** Ours: one request admitted at once, its response timer on the system wheel. */
    @Benchmark
    public boolean oursOnWheel() {
        return request(onWheel);
    }

    /**
     * The same on a wheel of its own, built as the system wheel is (four stripes, its own thread),
     * whose stripes go to the benchmark's threads first.
     */
    @Benchmark
    public boolean oursOnOwnWheel() {
        return request(onOwnWheel);
    }

    /** The same on such a wheel that no thread polls: never woken, so the wheel's thread is out of it. */
    @Benchmark
    public boolean oursOnUnpolledWheel() {
        return request(onUnpolledWheel);
    }

    /** The floor: the same request on timers that start and cancel nothing. */
    @Benchmark
    public boolean floorWithoutTimers() {
        return request(withoutTimers);
    }

    private boolean request(DecisionPath<Object> path) {
        Ticket<Object> ticket = path.submit(request, Long.MAX_VALUE, clock.nanoTime());
        path.connected(ticket, 0, clock.nanoTime());
        boolean won = path.responded(ticket, 0, clock.nanoTime());
        path.ended(ticket, 0, Completion.SUCCESS, clock.nanoTime());
        return won;
    }

    /** Timers on {@code clock} that never fire: the path's cost without any timer's. */
    private record IdleTimers(NanoClock clock) implements Scheduler, Timers {

        @Override
        public Cancellable schedule(long delayNanos, Runnable task) {
            return () -> false;
        }

        @Override
        public Timers timers() {
            return this;
        }

        @Override
        public long start(long deadlineNanos, TimerHandler handler) {
            return 1L;
        }

        @Override
        public boolean cancel(long timerId) {
            return true;
        }
    }
}
