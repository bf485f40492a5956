package io.tailguard.lab.hedging;

import io.tailguard.sim.service.ServiceModel;
import io.tailguard.time.VirtualScheduler;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe backend with {@code workers} servers and one FIFO queue; service times are draws
 * of the latency model. An attempt cancelled while queued is dropped without being served (the
 * cancellation reaches the server first); one cancelled in service runs to the end (the work was
 * already committed), so a losing hedge costs the backend its full service time.
 */
final class Station implements Backend {

    private static final Object ANSWER = "ok";

    private final VirtualScheduler scheduler;
    private final ServiceModel model;
    private final RandomGenerator random;
    private final int workers;
    private final ArrayDeque<CompletableFuture<Object>> queue = new ArrayDeque<>();
    private int busy;
    private long busyNanos;

    Station(VirtualScheduler scheduler, int workers, ServiceModel model, RandomGenerator random) {
        this.scheduler = scheduler;
        this.workers = workers;
        this.model = model;
        this.random = random;
    }

    @Override
    public CompletableFuture<Object> attempt() {
        CompletableFuture<Object> job = new SimulatedAttempt();
        if (busy < workers) {
            serve(job);
        } else {
            queue.addLast(job);
        }
        return job;
    }

    private void serve(CompletableFuture<Object> job) {
        busy++;
        long serviceNanos = model.sampleNanos(random);
        busyNanos += serviceNanos;
        scheduler.schedule(serviceNanos, () -> finish(job));
    }

    private void finish(CompletableFuture<Object> job) {
        busy--;
        job.complete(ANSWER);
        while (!queue.isEmpty() && busy < workers) {
            CompletableFuture<Object> next = queue.pollFirst();
            if (!next.isCancelled()) {
                serve(next);
            }
        }
    }

    @Override
    public double utilizationPct(long endNanos) {
        return endNanos <= 0 ? 0.0 : 100.0 * busyNanos / ((double) workers * endNanos);
    }
}
