package io.tailguard.proxy.client;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tailguard.time.NanoClock;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe (confined to its connection's event loop): one Netty timer serving the successive
 * deadlines of a connection (header, idle, a Redis rate wait, the linger of a closing connection).
 * A keep-alive request moves the deadline at least twice; scheduling and cancelling a Netty task each time costs two allocations and two heap
 * operations on the loop's timer queue, so moving a deadline here only writes a field.
 *
 * <p>The timer wakes at most {@code shortestNanos} after it was set, and never after the deadline.
 * Any deadline set later is at least {@code shortestNanos} away from its own moment, so it is never
 * before the pending wake-up: the timer is never late and is rescheduled only when it wakes, or when
 * a deadline shorter than {@code shortestNanos} is armed (a client's short budget). A wake-up before
 * the deadline sleeps again for what is left. Deadlines are read on the real clock, the one Netty's
 * timers run on.
 */
final class DeadlineTimer {

    private final EventLoop loop;
    private final NanoClock clock;
    private final long shortestNanos;
    private final Runnable expired;
    private boolean armed;
    private long deadlineNanos;
    private ScheduledFuture<?> wakeUp;
    private long wakeUpNanos;

    /**
     * Creates a disarmed timer that runs {@code expired} when an armed deadline passes;
     * {@code shortestNanos} is the shortest delay usually armed.
     */
    DeadlineTimer(EventLoop loop, NanoClock clock, long shortestNanos, Runnable expired) {
        this.loop = loop;
        this.clock = clock;
        this.shortestNanos = Math.max(1L, shortestNanos);
        this.expired = expired;
    }

    /** Sets the deadline {@code delayNanos} from now, replacing any other. */
    void arm(long delayNanos) {
        long nowNanos = clock.nanoTime();
        armed = true;
        deadlineNanos = nowNanos + delayNanos;
        if (wakeUp == null || wakeUpNanos - deadlineNanos > 0) {
            schedule(nowNanos, Math.min(delayNanos, shortestNanos));
        }
    }

    /** Clears the deadline; a pending wake-up finds nothing to do. */
    void disarm() {
        armed = false;
    }

    /** Clears the deadline and cancels the pending wake-up (the connection closed). */
    void stop() {
        armed = false;
        if (wakeUp != null) {
            wakeUp.cancel(false);
            wakeUp = null;
        }
    }

    private void schedule(long nowNanos, long delayNanos) {
        if (wakeUp != null) {
            wakeUp.cancel(false);
        }
        wakeUpNanos = nowNanos + delayNanos;
        wakeUp = loop.schedule(this::wake, delayNanos, TimeUnit.NANOSECONDS);
    }

    private void wake() {
        wakeUp = null;
        if (!armed) {
            return;
        }
        long nowNanos = clock.nanoTime();
        long leftNanos = deadlineNanos - nowNanos;
        if (leftNanos > 0) {
            schedule(nowNanos, Math.min(leftNanos, shortestNanos));
            return;
        }
        armed = false;
        expired.run();
    }
}
