package io.tailguard.time;

import java.time.Duration;
import java.util.PriorityQueue;

/**
 * Thread-safe scheduler driven by a {@link ManualClock}: tasks run only inside {@link #advance}
 * or {@link #runDue}, on the calling thread, in (due time, scheduling order) order. Tasks may
 * schedule further tasks; those due within the advanced span run in the same call.
 */
public final class VirtualScheduler implements Scheduler {

    private final ManualClock clock;
    private final PriorityQueue<Task> queue = new PriorityQueue<>();
    private long sequence;

    /** Creates a scheduler on a new manual clock reading zero. */
    public VirtualScheduler() {
        this(new ManualClock());
    }

    /** Creates a scheduler on {@code clock}. */
    public VirtualScheduler(ManualClock clock) {
        this.clock = clock;
    }

    @Override
    public ManualClock clock() {
        return clock;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        synchronized (queue) {
            Task entry = new Task(clock.nanoTime() + Math.max(0L, delayNanos), sequence++, task);
            queue.add(entry);
            return entry;
        }
    }

    /** Moves time forward by {@code step}, running every task that falls due on the way. */
    public void advance(Duration step) {
        advanceNanos(step.toNanos());
    }

    /** Moves time forward by {@code stepNanos}, running every task that falls due on the way. */
    public void advanceNanos(long stepNanos) {
        if (stepNanos < 0) {
            throw new IllegalArgumentException("stepNanos must be >= 0 but was " + stepNanos);
        }
        long target = clock.nanoTime() + stepNanos;
        while (true) {
            Task next;
            synchronized (queue) {
                next = queue.peek();
                if (next == null || next.dueNanos > target) {
                    break;
                }
                queue.poll();
            }
            if (next.dueNanos > clock.nanoTime()) {
                clock.setNanos(next.dueNanos);
            }
            next.runIfLive();
        }
        clock.setNanos(target);
    }

    /** Runs the tasks due now (for example those scheduled with zero delay) without moving time. */
    public void runDue() {
        advanceNanos(0L);
    }

    /** Advances to each pending task in turn until none is left; returns how many ran. */
    public int runUntilIdle() {
        int ran = 0;
        while (true) {
            Task next;
            synchronized (queue) {
                next = queue.poll();
            }
            if (next == null) {
                return ran;
            }
            if (next.dueNanos > clock.nanoTime()) {
                clock.setNanos(next.dueNanos);
            }
            if (next.runIfLive()) {
                ran++;
            }
        }
    }

    /** Returns the number of tasks scheduled and not yet run or cancelled. */
    public int pendingCount() {
        synchronized (queue) {
            int live = 0;
            for (Task task : queue) {
                if (task.isLive()) {
                    live++;
                }
            }
            return live;
        }
    }

    private static final class Task implements Comparable<Task>, Cancellable {
        private static final int PENDING = 0;
        private static final int DONE = 1;

        final long dueNanos;
        final long sequence;
        private final Runnable body;
        private final java.util.concurrent.atomic.AtomicInteger state =
                new java.util.concurrent.atomic.AtomicInteger(PENDING);

        Task(long dueNanos, long sequence, Runnable body) {
            this.dueNanos = dueNanos;
            this.sequence = sequence;
            this.body = body;
        }

        boolean runIfLive() {
            if (state.compareAndSet(PENDING, DONE)) {
                body.run();
                return true;
            }
            return false;
        }

        boolean isLive() {
            return state.get() == PENDING;
        }

        @Override
        public boolean cancel() {
            return state.compareAndSet(PENDING, DONE);
        }

        @Override
        public int compareTo(Task other) {
            int byTime = Long.compare(dueNanos, other.dueNanos);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
