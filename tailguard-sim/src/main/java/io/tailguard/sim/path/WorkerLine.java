package io.tailguard.sim.path;

import io.tailguard.config.Check;
import io.tailguard.time.Scheduler;
import java.util.ArrayDeque;
import java.util.random.RandomGenerator;

/**
 * Thread-safe: one backend's workers and the FIFO line in front of them, as a {@link BackendModel}
 * describes them. The simulator's backends and the live backend of {@code tailguard backend
 * --service} both serve through it, so the plan and the live run model one service: a job waits
 * for a free worker, then takes a time drawn from the model's distribution plus the slowdown for
 * the concurrency it starts at (itself included); the scheduler says when that time is over. A job
 * withdrawn while it waits is never served; one in service runs to its end, as a server that does
 * not notice a closed connection does.
 *
 * @param <T> what a job is to the host (a simulated attempt, a live connection's request)
 */
public final class WorkerLine<T> {

    /** Hears each job whose service time is over; called on the scheduler's thread, outside any lock. */
    @FunctionalInterface
    public interface Served<T> {
        /**
         * {@code job} was served for {@code serviceNanos} (as drawn); its end came {@code lateNanos}
         * after it was due, which a virtual scheduler keeps at zero and a live one does not.
         */
        void served(T job, long serviceNanos, long lateNanos);
    }

    private final BackendModel model;
    private final Scheduler scheduler;
    private final RandomGenerator random;
    private final Served<T> served;
    private final ArrayDeque<T> line = new ArrayDeque<>();
    private int serving;
    private long busyNanos;

    /**
     * Creates an idle line.
     *
     * @param random draws the service times (seeded by the caller)
     */
    public WorkerLine(BackendModel model, Scheduler scheduler, RandomGenerator random, Served<T> served) {
        this.model = Check.notNull("model", model);
        this.scheduler = Check.notNull("scheduler", scheduler);
        this.random = Check.notNull("random", random);
        this.served = Check.notNull("served", served);
    }

    /** Returns the model this line serves by. */
    public BackendModel model() {
        return model;
    }

    /** Starts {@code job} on a free worker, or puts it at the end of the line. */
    public void arrive(T job) {
        synchronized (line) {
            if (serving >= model.workers()) {
                line.addLast(job);
                return;
            }
            serving++;
        }
        start(job);
    }

    /** Takes {@code job} out of the line; returns true if it was waiting there (it will never be served). */
    public boolean withdraw(T job) {
        synchronized (line) {
            return line.remove(job);
        }
    }

    /** Returns the jobs in service now. */
    public int serving() {
        synchronized (line) {
            return serving;
        }
    }

    /** Returns the jobs waiting for a worker now. */
    public int waiting() {
        synchronized (line) {
            return line.size();
        }
    }

    /** Returns the service time of every job started so far, in nanoseconds. */
    public long busyNanos() {
        synchronized (line) {
            return busyNanos;
        }
    }

    private void start(T job) {
        long serviceNanos;
        synchronized (line) {
            serviceNanos = model.service().sampleNanos(random);
            if (model.slowdown() != null) {
                serviceNanos += model.slowdown().extraNanos(serving, random);
            }
            busyNanos += serviceNanos;
        }
        long drawn = serviceNanos;
        long dueNanos = scheduler.clock().nanoTime() + drawn;
        scheduler.schedule(drawn, () -> finish(job, drawn, dueNanos));
    }

    private void finish(T job, long serviceNanos, long dueNanos) {
        synchronized (line) {
            serving--;
        }
        served.served(job, serviceNanos, Math.max(0L, scheduler.clock().nanoTime() - dueNanos));
        while (true) {
            T next;
            synchronized (line) {
                if (line.isEmpty() || serving >= model.workers()) {
                    return;
                }
                next = line.pollFirst();
                serving++;
            }
            start(next);
        }
    }
}
