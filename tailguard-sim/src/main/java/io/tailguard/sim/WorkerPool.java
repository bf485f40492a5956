package io.tailguard.sim;

import io.tailguard.config.Check;
import io.tailguard.sim.service.ServiceModel;
import java.util.ArrayDeque;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe station for models driven through a {@link SimScheduler} rather than by one
 * arrival source: {@code workers} servers and one unbounded FIFO line, service times drawn from a
 * {@link ServiceModel} when a job starts. Work withdrawn while it waits ({@link Work#abandoned()})
 * is skipped without being served; work withdrawn in service runs to the end (it was already
 * committed), so an abandoned hedge costs its full service time. With
 * {@link Station#UNBOUNDED_WORKERS} every job starts at once and nobody waits.
 */
public final class WorkerPool {

    /** Not thread-safe unit of work handed to the pool; work that is never withdrawn is just its {@link #done}. */
    @FunctionalInterface
    public interface Work {

        /** Returns true if the caller no longer wants this work done (checked before it starts); never by default. */
        default boolean abandoned() {
            return false;
        }

        /** Called at the virtual time its service ends. */
        void done();
    }

    private final SimScheduler scheduler;
    private final int workers;
    private final ServiceModel service;
    private final RandomGenerator random;
    private final ArrayDeque<Work> waiting = new ArrayDeque<>();
    private int busy;
    private long busyNanos;

    /** Creates an idle pool of {@code workers} on {@code scheduler}, drawing service times from {@code random}. */
    public WorkerPool(SimScheduler scheduler, int workers, ServiceModel service, RandomGenerator random) {
        this.scheduler = Check.notNull("scheduler", scheduler);
        this.workers = Check.positive("workers", workers);
        this.service = Check.notNull("service", service);
        this.random = Check.notNull("random", random);
    }

    /** Starts {@code work} now if a worker is free, otherwise puts it at the end of the line. */
    public void submit(Work work) {
        if (busy < workers) {
            start(work);
        } else {
            waiting.addLast(work);
        }
    }

    /** Returns the number of jobs in service. */
    public int inService() {
        return busy;
    }

    /** Returns the number of jobs waiting, abandoned ones not yet skipped included. */
    public int waiting() {
        return waiting.size();
    }

    /**
     * Returns the share of worker capacity that service took (started service times, whole) up to
     * {@code endNanos}, in percent; NaN for unbounded workers, whose capacity has no share.
     */
    public double busyPct(long endNanos) {
        if (workers == Station.UNBOUNDED_WORKERS) {
            return Double.NaN;
        }
        return endNanos <= 0 ? 0.0 : 100.0 * busyNanos / ((double) workers * endNanos);
    }

    private void start(Work work) {
        busy++;
        long serviceNanos = service.sampleNanos(random);
        busyNanos += serviceNanos;
        scheduler.schedule(serviceNanos, () -> finish(work));
    }

    private void finish(Work work) {
        busy--;
        work.done();
        while (!waiting.isEmpty() && busy < workers) {
            Work next = waiting.pollFirst();
            if (!next.abandoned()) {
                start(next);
            }
        }
    }
}
