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
     * Returns a scheduler on real time that runs tasks on one daemon thread. Tasks must be short;
     * hand long work to an executor.
     */
    static Scheduler system() {
        return SystemScheduler.INSTANCE;
    }
}
