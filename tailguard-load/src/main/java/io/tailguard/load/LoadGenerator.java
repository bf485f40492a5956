package io.tailguard.load;

import io.netty.channel.ChannelFuture;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.tailguard.config.Check;
import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Not thread-safe (one caller runs one step at a time): an open-loop HTTP/1.1 load generator over
 * keep-alive connections, opened at start and then as requests wait, up to the plan's maximum. The caller's thread paces the schedule; each of the
 * plan's event loops (a {@link Lane}) owns a share of the connections and every n-th request of
 * the schedule. Use {@link #open}, then {@link #run} once per rate, then {@link #close}.
 */
public final class LoadGenerator implements AutoCloseable {

    private static final long SECOND_NANOS = 1_000_000_000L;
    private static final long POLL_NANOS = 10_000_000L;
    /** The first request is due this long after the step is set up, so none starts late. */
    private static final long START_DELAY_NANOS = 20_000_000L;
    private static final long OPEN_ALL_MIN_MILLIS = 10_000L;

    private final LoadPlan plan;
    private final NanoClock clock;
    private final NioEventLoopGroup group;
    private final Lane[] lanes;
    private final Pacer pacer;

    private LoadGenerator(LoadPlan plan, NanoClock clock) {
        this.plan = plan;
        this.clock = clock;
        int threads = Math.min(plan.threads(), plan.connections());
        this.group = new NioEventLoopGroup(threads, new DefaultThreadFactory("tailguard-load-io", true));
        byte[] request = RequestBytes.encode(plan);
        this.lanes = new Lane[threads];
        for (int l = 0; l < threads; l++) {
            lanes[l] = new Lane(group.next(), clock, plan, request, share(plan.connections(), l, threads),
                    share(plan.maxConnections(), l, threads));
        }
        this.pacer = Pacer.forCores(clock, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Opens the initial connections of {@code plan}.
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
        ChannelFuture first = lanes[0].connectFirst();
        if (!first.awaitUninterruptibly(plan.timeout().toMillis()) || !first.isSuccess()) {
            String why = first.cause() == null ? "no answer within " + plan.timeout().toMillis() + " ms"
                    : first.cause().getMessage();
            throw unreachable("cannot connect to " + where + ": " + why);
        }
        for (int l = 0; l < lanes.length; l++) {
            if (l > 0) {
                lanes[l].connectFirst();
            }
            lanes[l].connectRest();
        }
        // thousands of connections take longer to open than one request may take to answer, on a
        // machine whose cores the target shares: the run's timeout, but never less than 10 s
        long openMillis = Math.max(plan.timeout().toMillis(), OPEN_ALL_MIN_MILLIS);
        long deadline = clock.nanoTime() + openMillis * 1_000_000L;
        int open;
        while ((open = openConnections()) < plan.connections()) {
            if (clock.nanoTime() > deadline) {
                throw unreachable("cannot open " + plan.connections() + " connections to " + where + ": " + open
                        + " opened within " + openMillis + " ms");
            }
            pacer.awaitUntil(clock.nanoTime() + 1_000_000L);
        }
    }

    private int openConnections() {
        int open = 0;
        for (Lane lane : lanes) {
            open += lane.open();
        }
        return open;
    }

    private static UncheckedIOException unreachable(String message) {
        return new UncheckedIOException(message, new IOException(message));
    }

    /**
     * Runs step {@code step} (an index into the plan's rates): builds its schedule, sends it, waits
     * for every request to be answered or to time out, and returns what it measured. Calls
     * {@code progress} once per second with a progress line, and writes each second's histogram
     * to {@code log} if it is not null.
     */
    public StepResult run(int step, Consumer<String> progress, IntervalLog log) {
        Rate rate = plan.rates().get(step);
        long warmNanos = plan.warmup().toNanos();
        Schedule schedule = Schedule.of(plan.arrivals(), rate, warmNanos + plan.duration().toNanos(),
                new SplittableRandom(plan.seed() + step));
        int firstMeasured = 0;
        while (firstMeasured < schedule.size() && schedule.dueOffsetNanos(firstMeasured) < warmNanos) {
            firstMeasured++;
        }
        StepRecorder recorder = new StepRecorder(rate, plan.duration(), schedule.size() - firstMeasured, lanes.length,
                log, plan.timeout().toNanos(), plan.maxConnections());
        long start = clock.nanoTime() + START_DELAY_NANOS;
        long[] due = schedule.absolute(start);
        for (int l = 0; l < lanes.length; l++) {
            lanes[l].begin(share(due, l, lanes.length), share(firstMeasured, l, lanes.length), recorder.tallies[l],
                    recorder);
        }
        long measuredStart = start + warmNanos;
        // the reporter has its own thread: taking the histograms apart and writing the interval
        // log takes milliseconds, which on the pacing thread would make the next requests late
        Reporter reporter = new Reporter(clock, recorder, progress, start + SECOND_NANOS, measuredStart);
        reporter.start();
        try {
            int i = 0;
            long lastWake = Long.MIN_VALUE;
            while (i < due.length) {
                long now = clock.nanoTime();
                long wake = Math.max(due[i], lastWake + Pacer.MIN_GAP_NANOS);
                if (now < wake) {
                    pacer.awaitUntil(wake);
                    continue;
                }
                lastWake = now;
                while (i < due.length && due[i] <= now) {
                    i++;
                }
                long lastDue = due[i - 1];
                for (int l = 0; l < lanes.length; l++) {
                    // a lane that ticked since (on a response, say) has released it all already
                    if (recorder.tallies[l].tickedNanos.get() < lastDue) {
                        lanes[l].signal();
                    }
                }
            }
            long giveUp = (due.length == 0 ? clock.nanoTime() : due[due.length - 1]) + plan.timeout().toNanos()
                    + 5 * SECOND_NANOS;
            while (!finished()) {
                long now = clock.nanoTime();
                if (now > giveUp) {
                    throw new IllegalStateException("step at rate " + RateText.format(rate) + " did not finish within the timeout");
                }
                pacer.awaitUntil(now + POLL_NANOS);
            }
        } finally {
            reporter.stop();
            for (Lane lane : lanes) {
                lane.end();
            }
        }
        progress.accept(recorder.report(clock.nanoTime(), measuredStart));
        return recorder.result();
    }

    /** Returns every {@code lanes}-th due time starting at {@code lane}. */
    static long[] share(long[] due, int lane, int lanes) {
        long[] mine = new long[share(due.length, lane, lanes)];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = due[lane + i * lanes];
        }
        return mine;
    }

    /** Returns how many of the first {@code count} requests go to {@code lane}. */
    static int share(int count, int lane, int lanes) {
        return count / lanes + (lane < count % lanes ? 1 : 0);
    }

    private boolean finished() {
        for (Lane lane : lanes) {
            if (!lane.finished()) {
                return false;
            }
        }
        return true;
    }

    /** Closes every connection and stops the event loops. */
    @Override
    public void close() {
        for (Lane lane : lanes) {
            lane.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
