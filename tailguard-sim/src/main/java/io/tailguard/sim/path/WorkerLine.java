package io.tailguard.sim.path;

import io.tailguard.config.Check;
import io.tailguard.time.Scheduler;
import java.util.ArrayDeque;
import java.util.Iterator;
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
 * <p>Each service ends at an absolute due time: its start plus the drawn time, where a job that
 * waited starts when its worker was due to be free (or when it arrived, if later), not when a late
 * timer said so. A real scheduler's timers fire late; the line learns by how much (a moving mean of
 * each timer's overshoot) and sets its timers that much early, so a live backend serves the drawn
 * times on average instead of the drawn times plus its timers' delay. A virtual scheduler never
 * fires late, so a simulation is unchanged by either rule.
 *
 * @param <T> what a job is to the host (a simulated attempt, a live connection's request)
 */
public final class WorkerLine<T> {

    /** Hears each job whose service time is over; called on the scheduler's thread, outside any lock. */
    @FunctionalInterface
    public interface Served<T> {
        /**
         * {@code job} was served for {@code serviceNanos} (as drawn); its end came {@code lateNanos}
         * after it was due (negative: before), which a virtual scheduler keeps at zero and a live one
         * does not.
         */
        void served(T job, long serviceNanos, long lateNanos);
    }

    /** A moving mean's weight of the newest timer overshoot: about the last eight count. */
    private static final int OVERSHOOT_SHIFT = 3;

    private record Waiting<T>(T job, long arrivedNanos) {
    }

    private final BackendModel model;
    private final Scheduler scheduler;
    private final RandomGenerator random;
    private final Served<T> served;
    private final ArrayDeque<Waiting<T>> line = new ArrayDeque<>();
    private int serving;
    private long busyNanos;
    private long idleNanos;
    private long countedToNanos;
    private long overshootNanos;

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
        this.countedToNanos = scheduler.clock().nanoTime();
    }

    /** Returns the model this line serves by. */
    public BackendModel model() {
        return model;
    }

    /** Starts {@code job} on a free worker, or puts it at the end of the line. */
    public void arrive(T job) {
        long nowNanos = scheduler.clock().nanoTime();
        synchronized (line) {
            if (serving >= model.workers()) {
                line.addLast(new Waiting<>(job, nowNanos));
                return;
            }
            countIdle(nowNanos);
            serving++;
        }
        start(job, nowNanos, nowNanos);
    }

    /** Takes {@code job} out of the line; returns true if it was waiting there (it will never be served). */
    public boolean withdraw(T job) {
        synchronized (line) {
            for (Iterator<Waiting<T>> it = line.iterator(); it.hasNext(); ) {
                if (it.next().job().equals(job)) {
                    it.remove();
                    return true;
                }
            }
            return false;
        }
    }

    /** Returns what the line holds now and has counted so far, read at one moment. */
    public LineStats stats() {
        long nowNanos = scheduler.clock().nanoTime();
        synchronized (line) {
            countIdle(nowNanos);
            return new LineStats(serving, line.size(), busyNanos, idleNanos);
        }
    }

    private void countIdle(long nowNanos) {
        if (nowNanos > countedToNanos) {
            idleNanos += (model.workers() - serving) * (nowNanos - countedToNanos);
            countedToNanos = nowNanos;
        }
    }

    private void start(T job, long startNanos, long nowNanos) {
        long serviceNanos;
        long earlyNanos;
        synchronized (line) {
            serviceNanos = model.service().sampleNanos(random);
            if (model.slowdown() != null) {
                serviceNanos += model.slowdown().extraNanos(serving, random);
            }
            busyNanos += serviceNanos;
            earlyNanos = overshootNanos;
        }
        long drawn = serviceNanos;
        long dueNanos = startNanos + drawn;
        long delayNanos = Math.max(0L, dueNanos - nowNanos - earlyNanos);
        long fireNanos = nowNanos + delayNanos;
        scheduler.schedule(delayNanos, () -> finish(job, drawn, dueNanos, fireNanos));
    }

    private void finish(T job, long serviceNanos, long dueNanos, long fireNanos) {
        long nowNanos = scheduler.clock().nanoTime();
        synchronized (line) {
            overshootNanos += (Math.max(0L, nowNanos - fireNanos) - overshootNanos) >> OVERSHOOT_SHIFT;
            countIdle(nowNanos);
            serving--;
        }
        served.served(job, serviceNanos, nowNanos - dueNanos);
        while (true) {
            Waiting<T> next;
            synchronized (line) {
                if (line.isEmpty() || serving >= model.workers()) {
                    return;
                }
                next = line.pollFirst();
                countIdle(nowNanos);
                serving++;
            }
            start(next.job(), Math.max(dueNanos, next.arrivedNanos()), nowNanos);
        }
    }
}
