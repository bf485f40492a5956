package io.tailguard.proxy;

import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.TimerHandler;
import io.tailguard.time.Timers;

/**
 * Thread-safe: the scheduler the decision path's timers run on, measured on the proxy's clock. On
 * the system clock it is the system wheel itself; on another clock (a test's manual one) a timer
 * due at a moment of that clock fires as far from now on the real wheel, so the path's deadlines,
 * computed on the proxy's clock, pass in real time as the connections' own timers do.
 */
final class PathScheduler implements Scheduler, Timers {

    private final NanoClock clock;
    private final Scheduler wheel = Scheduler.system();
    private final Timers wheelTimers = wheel.timers();

    private PathScheduler(NanoClock clock) {
        this.clock = clock;
    }

    static Scheduler on(NanoClock clock) {
        return clock == NanoClock.system() ? Scheduler.system() : new PathScheduler(clock);
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        return wheel.schedule(delayNanos, task);
    }

    @Override
    public Timers timers() {
        return this;
    }

    @Override
    public long start(long deadlineNanos, TimerHandler handler) {
        long inNanos = deadlineNanos - clock.nanoTime();
        return wheelTimers.start(wheel.clock().nanoTime() + Math.max(0L, inNanos), handler);
    }

    @Override
    public boolean cancel(long timerId) {
        return wheelTimers.cancel(timerId);
    }
}
