package io.tailguard.sim.path;

import io.tailguard.sim.SimScheduler;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe: one simulated backend server: a {@link WorkerLine} of the jobs sent to it, in
 * arrival order. A job cancelled while it waits (its connection closed before a worker read it) is
 * never served; one cancelled in service runs to the end, as a server that does not notice the
 * closed connection does, and its time counts as wasted.
 */
final class SimBackend {

    private final BackendModel model;
    private final RandomGenerator random;
    private final WorkerLine<Job> workers;
    private long wastedNanos;

    SimBackend(SimScheduler scheduler, BackendModel model, RandomGenerator random, Consumer<Job> finished) {
        this.model = model;
        this.random = random;
        this.workers = new WorkerLine<>(model, scheduler, random, (job, serviceNanos, lateNanos) -> {
            job.serviceNanos = serviceNanos;
            finished.accept(job);
        });
    }

    BackendModel model() {
        return model;
    }

    /** True if the next connection is refused. */
    boolean refuses() {
        return model.refusedShare() > 0.0 && random.nextDouble() < model.refusedShare();
    }

    void accept(Job job) {
        workers.arrive(job);
    }

    /** Cancels {@code job}; returns true if it was still waiting and is now gone without service. */
    boolean cancel(Job job) {
        job.cancelled = true;
        return workers.withdraw(job);
    }

    /** Counts service time spent on a response nobody received. */
    void wasted(Job job) {
        wastedNanos += job.serviceNanos;
    }

    long busyNanos() {
        return workers.stats().busyNanos();
    }

    long wastedNanos() {
        return wastedNanos;
    }
}
