package io.tailguard.bench;

import io.netty.util.HashedWheelTimer;
import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.TimerHandler;
import io.tailguard.time.Timers;
import io.tailguard.time.WheelScheduler;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
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
 * Schedule a timer 25 ms ahead and cancel it before it fires: what a hedged call whose first
 * attempt answers in time does with its hedge timer, and what the proxy's decision path does with
 * every request's response timer. Ours on the real-time {@link WheelScheduler} (ids, and the
 * {@link Cancellable} handle of {@link Scheduler#schedule}; one wheel, and four stripes as the
 * system wheel has on two processors) beside Netty's
 * {@code HashedWheelTimer} and the JDK's {@code ScheduledThreadPoolExecutor} (remove on cancel,
 * as a scheduler that cancels most timers must set), each with its own ticking thread, in the
 * same run. Each timer is read against its own clock, as a caller would. Run with {@code -t 2} too:
 * two threads starting and cancelling at once, as two event loops do.
 *
 * <p>How to run (from the repository root):
 *
 * <pre>
 * mvn -B -q -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar TimerBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class TimerBenchmark {

    private static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(25);

    private final TimerHandler handler = timerId -> { };
    private final Runnable task = () -> { };
    private final TimerTask nettyTask = timeout -> { };
    private WheelScheduler wheel;
    private Timers timers;
    private WheelScheduler striped;
    private NanoClock clock;
    private HashedWheelTimer netty;
    private ScheduledThreadPoolExecutor jdk;

    /** Starts the four timers, each on its own thread, ticking every millisecond where they tick. */
    @Setup
    public void setUp() {
        wheel = new WheelScheduler(NanoClock.system(), Duration.ofNanos(1L << 20), 512).startThread("bench-wheel");
        timers = wheel.timers();
        striped = new WheelScheduler(NanoClock.system(), Duration.ofNanos(1L << 20), 512, 4).startThread("bench-stripes");
        clock = wheel.clock();
        netty = new HashedWheelTimer(1, TimeUnit.MILLISECONDS, 512);
        netty.start();
        jdk = new ScheduledThreadPoolExecutor(1);
        jdk.setRemoveOnCancelPolicy(true);
    }

    /** Stops the threads. */
    @TearDown
    public void tearDown() {
        wheel.close();
        striped.close();
        netty.stop();
        jdk.shutdownNow();
    }

    /** Ours: a timer named by id, started at a deadline read from the clock, then cancelled. */
    @Benchmark
    public boolean oursTimerIds() {
        long id = timers.start(clock.nanoTime() + DELAY_NANOS, handler);
        return timers.cancel(id);
    }

    /** Ours on four stripes: each thread starts its timers on its own wheel, under its own lock. */
    @Benchmark
    public boolean oursStripedTimerIds() {
        long id = striped.start(clock.nanoTime() + DELAY_NANOS, handler);
        return striped.cancel(id);
    }

    /**
     * Ours on four stripes with a handler allocated per timer, as the decision path's (its request's
     * ticket): the wheel's row then takes a young object at every start.
     */
    @Benchmark
    public boolean oursStripedFreshHandlers() {
        long id = striped.start(clock.nanoTime() + DELAY_NANOS, new FreshHandler());
        return striped.cancel(id);
    }

    /** Ours through {@link Scheduler#schedule}: a relative delay and a handle object. */
    @Benchmark
    public boolean oursSchedule() {
        Cancellable handle = wheel.schedule(DELAY_NANOS, task);
        return handle.cancel();
    }

    /** Netty 4.1 {@code HashedWheelTimer}: newTimeout, then cancel. */
    @Benchmark
    public boolean peerNettyHashedWheelTimer() {
        Timeout timeout = netty.newTimeout(nettyTask, DELAY_NANOS, TimeUnit.NANOSECONDS);
        return timeout.cancel();
    }

    /** The JDK's {@code ScheduledThreadPoolExecutor} with remove-on-cancel: schedule, then cancel. */
    @Benchmark
    public boolean peerJdkScheduledThreadPool() {
        ScheduledFuture<?> future = jdk.schedule(task, DELAY_NANOS, TimeUnit.NANOSECONDS);
        return future.cancel(false);
    }

    /** A handler that does nothing, allocated per timer. */
    private static final class FreshHandler implements TimerHandler {

        @Override
        public void onTimer(long timerId) {
        }
    }
}
