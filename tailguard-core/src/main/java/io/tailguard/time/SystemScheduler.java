package io.tailguard.time;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Thread-safe scheduler on real time, backed by one daemon thread. */
final class SystemScheduler implements Scheduler {

    static final SystemScheduler INSTANCE = new SystemScheduler();

    private final ScheduledExecutorService executor;

    private SystemScheduler() {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "tailguard-scheduler");
            thread.setDaemon(true);
            return thread;
        });
        pool.setRemoveOnCancelPolicy(true);
        this.executor = pool;
    }

    @Override
    public NanoClock clock() {
        return NanoClock.system();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        ScheduledFuture<?> future = executor.schedule(task, Math.max(0L, delayNanos), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
