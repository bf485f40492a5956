package io.tailguard.load;

import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.tailguard.time.NanoClock;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread-safe (its engine and wire live on its event loop; other threads only post to it): one
 * event loop with its share of the connections and of the schedule. The pacing thread wakes a lane
 * with {@link #signal} when requests fall due; a lane whose connections are all busy keeps its
 * requests waiting even if another lane has an idle one (each lane is an independent open loop).
 */
final class Lane {

    private static final long SWEEP_MILLIS = 10;

    private final EventLoop loop;
    private final NanoClock clock;
    private final HttpWire wire;
    private final Engine engine;
    private final int connections;
    private final AtomicBoolean tickPending = new AtomicBoolean();
    private final Runnable tick;
    private io.netty.util.concurrent.ScheduledFuture<?> sweeper;

    /** A lane that opens {@code connections} at start and up to {@code maxConnections} as requests wait. */
    Lane(EventLoop loop, NanoClock clock, LoadPlan plan, byte[] request, int connections, int maxConnections) {
        this.loop = loop;
        this.clock = clock;
        this.connections = connections;
        int connectMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, plan.timeout().toMillis()));
        this.wire = new HttpWire(loop, clock, plan.target(), request, plan.method().equals("HEAD"),
                maxConnections, connectMillis);
        this.engine = new Engine(maxConnections, plan.timeout().toNanos(), wire);
        this.tick = () -> {
            tickPending.set(false);
            engine.tick(clock.nanoTime());
        };
    }

    /** Opens the first connection; returns its connect future. */
    ChannelFuture connectFirst() {
        return call(() -> {
            wire.engine(engine);
            return wire.connect(engine.openSlot());
        });
    }

    /** Opens the other initial connections (reconnecting in the background until each is up). */
    void connectRest() {
        call(() -> {
            for (int conn = 1; conn < connections; conn++) {
                wire.connect(engine.openSlot());
            }
            return null;
        });
    }

    /** Returns how many connections are open now. */
    int open() {
        return call(engine::open);
    }

    /** Starts a step on this lane's share of the schedule. */
    void begin(long[] due, int firstMeasured, Tally tally, StepRecorder recorder) {
        call(() -> {
            engine.begin(due, firstMeasured, tally, recorder.latency, recorder.service, recorder.success);
            return null;
        });
        sweeper = loop.scheduleAtFixedRate(() -> engine.sweep(clock.nanoTime()), SWEEP_MILLIS, SWEEP_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    /** Asks the loop to release what is due; at most one such request is pending at a time. */
    void signal() {
        if (tickPending.compareAndSet(false, true)) {
            loop.execute(tick);
        }
    }

    /** Returns true once every request of the step is answered, failed or timed out. */
    boolean finished() {
        return call(engine::finished);
    }

    /** Stops the step's timeout sweeps. */
    void end() {
        if (sweeper != null) {
            sweeper.cancel(false);
        }
    }

    /** Closes the connections (without waiting). */
    void close() {
        if (!loop.isShuttingDown()) {
            loop.execute(wire::close);
        }
    }

    private <T> T call(Callable<T> task) {
        try {
            return loop.submit(task).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("load generator failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the load generator's event loop did not answer within 30 s", e);
        }
    }
}
