package io.tailguard.proxy.client;

import io.netty.channel.EventLoop;
import io.tailguard.proxy.config.ClientLimits;
import io.tailguard.time.NanoClock;
import java.util.function.BooleanSupplier;

/**
 * Not thread-safe (confined to its connection's event loop): a client connection's watch over the
 * body it is reading, kept to {@code body-timeout} and {@code min-body-rate} by a {@link BodyPace}.
 * The watch starts when the proxy first asks for a body and stops at its end; when the pace is
 * missed while the proxy was reading it runs {@code late}, and when the proxy was not reading (the
 * backend could not take more) it waits a full timeout more.
 */
final class BodyWatch {

    private final NanoClock clock;
    private final BodyPace pace;
    private final DeadlineTimer timer;
    private final BooleanSupplier reading;
    private final Runnable late;
    private boolean watching;

    BodyWatch(EventLoop loop, NanoClock clock, ClientLimits limits, BooleanSupplier reading, Runnable late) {
        this.clock = clock;
        this.pace = new BodyPace(limits.bodyTimeout().toNanos(), limits.minBodyRate());
        this.timer = new DeadlineTimer(loop, clock, limits.bodyTimeout().toNanos(), this::wake);
        this.reading = reading;
        this.late = late;
    }

    /** The proxy asks for the current request's body; a watch already running goes on. */
    void start() {
        if (!watching) {
            watching = true;
            long nowNanos = clock.nanoTime();
            pace.start(nowNanos);
            arm(nowNanos);
        }
    }

    /** {@code bytes} of the body arrived. */
    void progress(long bytes) {
        if (watching) {
            long nowNanos = clock.nanoTime();
            pace.progress(nowNanos, bytes);
            arm(nowNanos);
        }
    }

    /** The body ended, or its request did. */
    void stop() {
        if (watching) {
            watching = false;
            timer.disarm();
        }
    }

    /** The connection closed. */
    void close() {
        watching = false;
        timer.stop();
    }

    private void arm(long nowNanos) {
        timer.arm(Math.max(0L, pace.deadlineNanos() - nowNanos));
    }

    private void wake() {
        if (!watching) {
            return;
        }
        long nowNanos = clock.nanoTime();
        if (pace.deadlineNanos() - nowNanos > 0) {
            arm(nowNanos);
        } else if (!reading.getAsBoolean()) {
            pace.resume(nowNanos);
            arm(nowNanos);
        } else {
            watching = false;
            late.run();
        }
    }
}
