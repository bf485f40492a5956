package io.tailguard.sim.path;

import io.tailguard.sim.SimScheduler;
import java.util.ArrayDeque;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe: one simulated backend server: its workers take the jobs sent to it in arrival
 * order. A job cancelled while it waits (its connection closed before a worker read it) is never
 * served; one cancelled in service runs to the end, as a server that does not notice the closed
 * connection does, and its time counts as wasted.
 */
final class SimBackend {

    private final SimScheduler scheduler;
    private final BackendModel model;
    private final RandomGenerator random;
    private final Consumer<Job> finished;
    private final ArrayDeque<Job> line = new ArrayDeque<>();
    private int serving;
    private long busyNanos;
    private long wastedNanos;

    SimBackend(SimScheduler scheduler, BackendModel model, RandomGenerator random, Consumer<Job> finished) {
        this.scheduler = scheduler;
        this.model = model;
        this.random = random;
        this.finished = finished;
    }

    BackendModel model() {
        return model;
    }

    /** True if the next connection is refused. */
    boolean refuses() {
        return model.refusedShare() > 0.0 && random.nextDouble() < model.refusedShare();
    }

    void accept(Job job) {
        if (serving < model.workers()) {
            start(job);
        } else {
            line.addLast(job);
        }
    }

    /** Cancels {@code job}; returns true if it was still waiting and is now gone without service. */
    boolean cancel(Job job) {
        job.cancelled = true;
        if (job.state == Job.WAITING && line.remove(job)) {
            job.state = Job.DONE;
            return true;
        }
        return false;
    }

    /** Counts service time spent on a response nobody received. */
    void wasted(Job job) {
        wastedNanos += job.serviceNanos;
    }

    long busyNanos() {
        return busyNanos;
    }

    long wastedNanos() {
        return wastedNanos;
    }

    private void start(Job job) {
        serving++;
        job.state = Job.SERVING;
        long serviceNanos = model.service().sampleNanos(random);
        if (model.slowdown() != null) {
            serviceNanos += model.slowdown().extraNanos(serving, random);
        }
        job.serviceNanos = serviceNanos;
        busyNanos += serviceNanos;
        scheduler.schedule(serviceNanos, () -> finish(job));
    }

    private void finish(Job job) {
        serving--;
        job.state = Job.DONE;
        finished.accept(job);
        while (!line.isEmpty() && serving < model.workers()) {
            start(line.pollFirst());
        }
    }
}
