package io.tailguard.time;

import java.time.Duration;

/**
 * Thread-safe runner of delayed tasks. The same policy code runs on {@link #system real time} and
 * on a {@link VirtualScheduler} that a test or the simulator advances by hand.
 */
public interface Scheduler {

    /** Returns the clock this scheduler measures delays against. */
    NanoClock clock();

    /**
     * Runs {@code task} once, {@code delayNanos} from now (at once if zero or negative).
     *
     * @return a handle that cancels the task if it has not started
     */
    Cancellable schedule(long delayNanos, Runnable task);

    /** Same as {@link #schedule(long, Runnable)} with a {@link Duration}. */
    default Cancellable schedule(Duration delay, Runnable task) {
        return schedule(delay.toNanos(), task);
    }

    /**
     * Returns timers named by {@code long} ids on this scheduler, for callers that start and cancel
     * a timer per request. The default maps ids onto {@link #schedule} handles and allocates per
     * timer; a {@link WheelScheduler} returns itself and allocates nothing. Call once and keep it.
     */
    default Timers timers() {
        return new ScheduledTimers(this);
    }

    /**
     * Returns a scheduler on real time: a {@link WheelScheduler} with ticks of 2^20 ns (about
     * 1 ms) polled by one daemon thread, so a task runs up to a tick late, never early. Tasks must
     * be short; hand long work to an executor.
     */
    static Scheduler system() {
        return SystemWheel.INSTANCE;
    }
}
