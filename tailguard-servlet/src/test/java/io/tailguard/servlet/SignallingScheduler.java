package io.tailguard.servlet;

import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.VirtualScheduler;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe virtual scheduler that also signals each task scheduled: the filter schedules a
 * queue timeout exactly when it parks a request, so a test can wait for "parked" as a real event.
 */
final class SignallingScheduler implements Scheduler {

    final VirtualScheduler virtual = new VirtualScheduler();
    private final Semaphore scheduled = new Semaphore(0);

    @Override
    public NanoClock clock() {
        return virtual.clock();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Cancellable handle = virtual.schedule(delayNanos, task);
        scheduled.release();
        return handle;
    }

    /** Waits until {@code count} more tasks were scheduled. */
    void awaitScheduled(int count) throws InterruptedException {
        if (!scheduled.tryAcquire(count, 30, TimeUnit.SECONDS)) {
            throw new AssertionError(count + " tasks were not scheduled within 30 s");
        }
    }
}
