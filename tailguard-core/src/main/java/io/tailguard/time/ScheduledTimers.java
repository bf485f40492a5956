package io.tailguard.time;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe {@link Timers} over any {@link Scheduler}: each id maps to the handle of one
 * scheduled task. Allocates per timer; the wheel scheduler does not need it.
 */
final class ScheduledTimers implements Timers {

    private static final Cancellable STARTING = () -> false;

    private final Scheduler scheduler;
    private final AtomicLong lastId = new AtomicLong();
    private final ConcurrentHashMap<Long, Cancellable> pending = new ConcurrentHashMap<>();

    ScheduledTimers(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public long start(long deadlineNanos, TimerHandler handler) {
        long id = lastId.incrementAndGet();
        // the entry exists before the task can run, so a task that runs at once still finds it
        pending.put(id, STARTING);
        Cancellable handle = scheduler.schedule(deadlineNanos - scheduler.clock().nanoTime(), () -> {
            if (pending.remove(id) != null) {
                handler.onTimer(id);
            }
        });
        pending.replace(id, STARTING, handle);
        return id;
    }

    @Override
    public boolean cancel(long timerId) {
        Cancellable handle = pending.remove(timerId);
        if (handle == null) {
            return false;
        }
        handle.cancel();
        return true;
    }
}
