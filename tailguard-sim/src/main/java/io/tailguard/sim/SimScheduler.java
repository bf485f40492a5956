package io.tailguard.sim;

import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.util.Arrays;

/**
 * Not thread-safe {@link Scheduler} view of the simulator's event loop: a task scheduled here is an
 * event in the same queue as a {@link Simulation}'s service completions, and runs on the calling
 * thread when the loop reaches its virtual time. Models that are not one source feeding one
 * station (a proxy choosing among leased servers, a client hedging its calls) schedule their own
 * events through this view and run with {@link #runUntilIdle()}; a {@code Simulation} hands the
 * same view to gates and listeners through {@link Simulation#scheduler()}.
 *
 * <p>Order: virtual time, then (at equal times) service completions, queue wake-ups, scheduled
 * tasks, and a simulation's arrivals last; tasks among themselves in the order they were
 * scheduled — the order of the core {@code VirtualScheduler}, so a model moved from one to the
 * other gives the same output. {@link #clock()} reads the time of the event being run.
 */
public final class SimScheduler implements Scheduler {

    final EventQueue events = new EventQueue();
    private final NanoClock clock = this::nowNanos;
    private Task[] tasks = new Task[64];
    private int[] free = new int[64];
    private int freeCount;
    private long nowNanos;

    /** Creates a scheduler whose clock reads zero and which holds no event. */
    public SimScheduler() {
        for (int i = tasks.length - 1; i >= 0; i--) {
            free[freeCount++] = i;
        }
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    /** Returns the virtual time of the event being run, in nanoseconds from the start. */
    public long nowNanos() {
        return nowNanos;
    }

    /** Runs {@code task} once, {@code delayNanos} after now (now if zero or negative). */
    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        if (freeCount == 0) {
            grow();
        }
        int slot = free[--freeCount];
        Task entry = new Task(task);
        tasks[slot] = entry;
        events.push(nowNanos + Math.max(0L, delayNanos), EventQueue.TASK, slot);
        return entry;
    }

    /**
     * Runs every event in order, moving the clock to each, until none is left (tasks may schedule
     * more); returns how many tasks ran (cancelled ones are skipped and not counted).
     */
    public long runUntilIdle() {
        long ran = 0;
        while (!events.isEmpty()) {
            moveTo(events.peekTimeNanos());
            if (events.peekKind() != EventQueue.TASK) {
                throw new IllegalStateException("a station event must be run by its Simulation, not by runUntilIdle");
            }
            if (runTask(events.poll())) {
                ran++;
            }
        }
        return ran;
    }

    /** Returns the number of events waiting, cancelled tasks included. */
    public int pendingEvents() {
        return events.size();
    }

    void moveTo(long timeNanos) {
        nowNanos = timeNanos;
    }

    /** Runs the task in {@code slot} (just polled) unless it was cancelled; frees the slot first. */
    boolean runTask(int slot) {
        Task task = tasks[slot];
        tasks[slot] = null;
        free[freeCount++] = slot;
        return task.runIfLive();
    }

    private void grow() {
        int old = tasks.length;
        tasks = Arrays.copyOf(tasks, old * 2);
        free = Arrays.copyOf(free, old * 2);
        for (int i = tasks.length - 1; i >= old; i--) {
            free[freeCount++] = i;
        }
    }

    /** Not thread-safe scheduled task; cancelling it before it runs turns its event into a no-op. */
    private static final class Task implements Cancellable {
        private Runnable body;

        Task(Runnable body) {
            this.body = body;
        }

        boolean runIfLive() {
            Runnable run = body;
            if (run == null) {
                return false;
            }
            body = null;
            run.run();
            return true;
        }

        @Override
        public boolean cancel() {
            if (body == null) {
                return false;
            }
            body = null;
            return true;
        }
    }
}
