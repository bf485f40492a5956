package io.tailguard.load;

import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Not thread-safe (one caller runs one step at a time): an open-loop HTTP/1.1 load generator over
 * a fixed set of keep-alive connections. The caller's thread paces the schedule; one Netty event
 * loop owns the connections and the {@link Engine}. Use {@link #open}, then {@link #run} once per
 * rate, then {@link #close}.
 */
public final class LoadGenerator implements AutoCloseable {

    private static final long SECOND_NANOS = 1_000_000_000L;
    private static final long SWEEP_MILLIS = 10;
    /** The first request is due this long after the step is set up, so none starts late. */
    private static final long START_DELAY_NANOS = 20_000_000L;

    private final LoadPlan plan;
    private final NanoClock clock;
    private final NioEventLoopGroup group;
    private final EventLoop loop;
    private final HttpWire wire;
    private final Engine engine;
    private final Pacer pacer;
    private final AtomicBoolean tickPending = new AtomicBoolean();
    private final Runnable tick;

    private LoadGenerator(LoadPlan plan, NanoClock clock) {
        this.plan = plan;
        this.clock = clock;
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("tailguard-load-io", true));
        this.loop = group.next();
        int connectMillis = (int) Math.min(Integer.MAX_VALUE, plan.timeout().toMillis());
        this.wire = new HttpWire(loop, clock, plan.target(), RequestBytes.encode(plan), plan.method().equals("HEAD"),
                plan.connections(), Math.max(1, connectMillis));
        this.engine = new Engine(plan.connections(), plan.timeout().toNanos(), wire);
        this.pacer = Pacer.forCores(clock, Runtime.getRuntime().availableProcessors());
        this.tick = () -> {
            tickPending.set(false);
            engine.tick(clock.nanoTime());
        };
    }

    /**
     * Opens every connection of {@code plan}.
     *
     * @throws UncheckedIOException if the target cannot be reached
     */
    public static LoadGenerator open(LoadPlan plan, NanoClock clock) {
        LoadGenerator generator = new LoadGenerator(Check.notNull("plan", plan), Check.notNull("clock", clock));
        try {
            generator.connectAll();
            return generator;
        } catch (RuntimeException e) {
            generator.close();
            throw e;
        }
    }

    private void connectAll() {
        Target t = plan.target();
        String where = t.host() + ":" + t.port();
        try {
            ChannelFuture first = loop.submit(() -> {
                wire.engine(engine);
                return wire.connect(0);
            }).get();
            if (!first.await(plan.timeout().toMillis()) || !first.isSuccess()) {
                String why = first.cause() == null ? "no answer within " + plan.timeout().toMillis() + " ms"
                        : first.cause().getMessage();
                throw new UncheckedIOException(new IOException("cannot connect to " + where + ": " + why));
            }
            loop.submit(() -> {
                for (int conn = 1; conn < plan.connections(); conn++) {
                    wire.connect(conn);
                }
            }).get();
            long deadline = clock.nanoTime() + plan.timeout().toNanos();
            while (onLoop(engine::open) < plan.connections()) {
                if (clock.nanoTime() > deadline) {
                    throw new UncheckedIOException(new IOException("cannot open " + plan.connections()
                            + " connections to " + where + ": " + onLoop(engine::open) + " opened within "
                            + plan.timeout().toMillis() + " ms"));
                }
                pacer.awaitUntil(clock.nanoTime() + 1_000_000L);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while connecting to " + where, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot connect to " + where, e.getCause());
        }
    }

    /**
     * Runs step {@code step} (an index into the plan's rates): builds its schedule, sends it, waits
     * for every request to be answered or to time out, and returns what it measured. Calls
     * {@code progress} once per second with a progress line, and writes each second's histogram
     * to {@code log} if it is not null.
     */
    public StepResult run(int step, Consumer<String> progress, IntervalLog log) {
        long rate = plan.rates().get(step);
        long warmNanos = plan.warmup().toNanos();
        Schedule schedule = Schedule.of(plan.arrivals(), rate, warmNanos + plan.duration().toNanos(),
                new SplittableRandom(plan.seed() + step));
        int firstMeasured = 0;
        while (firstMeasured < schedule.size() && schedule.dueOffsetNanos(firstMeasured) < warmNanos) {
            firstMeasured++;
        }
        StepRecorder recorder = new StepRecorder(rate, plan.duration(), schedule.size() - firstMeasured, log);
        long start = clock.nanoTime() + START_DELAY_NANOS;
        long[] due = schedule.absolute(start);
        int measuredFrom = firstMeasured;
        onLoop(() -> {
            engine.begin(due, measuredFrom, recorder.tally, recorder.latency, recorder.service);
            return null;
        });
        var sweeper = loop.scheduleAtFixedRate(() -> engine.sweep(clock.nanoTime()), SWEEP_MILLIS, SWEEP_MILLIS,
                TimeUnit.MILLISECONDS);
        long measuredStart = start + warmNanos;
        long nextReport = start + SECOND_NANOS;
        try {
            int i = 0;
            while (i < due.length) {
                long now = clock.nanoTime();
                if (now >= nextReport) {
                    progress.accept(recorder.report(now, measuredStart));
                    nextReport += SECOND_NANOS;
                } else if (now < due[i]) {
                    pacer.awaitUntil(Math.min(due[i], nextReport));
                } else {
                    signalTick();
                    while (i < due.length && due[i] <= now) {
                        i++;
                    }
                }
            }
            long giveUp = due.length == 0 ? clock.nanoTime() : due[due.length - 1] + plan.timeout().toNanos()
                    + 5 * SECOND_NANOS;
            while (!onLoop(engine::finished)) {
                long now = clock.nanoTime();
                if (now >= nextReport) {
                    progress.accept(recorder.report(now, measuredStart));
                    nextReport += SECOND_NANOS;
                }
                if (now > giveUp) {
                    throw new IllegalStateException("step at rate " + rate + " did not finish within the timeout");
                }
                pacer.awaitUntil(Math.min(now + SWEEP_MILLIS * 1_000_000L, nextReport));
            }
            progress.accept(recorder.report(clock.nanoTime(), measuredStart));
        } finally {
            sweeper.cancel(false);
        }
        return recorder.result();
    }

    private void signalTick() {
        if (tickPending.compareAndSet(false, true)) {
            loop.execute(tick);
        }
    }

    private <T> T onLoop(java.util.concurrent.Callable<T> task) {
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

    /** Closes every connection and stops the event loop. */
    @Override
    public void close() {
        if (!loop.isShuttingDown()) {
            loop.execute(wire::close);
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
