package io.tailguard.sim.hedge;

import io.tailguard.sim.SimScheduler;
import io.tailguard.time.Cancellable;
import java.util.concurrent.CompletableFuture;

/**
 * Not thread-safe (the simulator runs on one thread) attempt whose latency was drawn in advance:
 * it completes {@code latencyMs} after it starts on the simulator's clock. Cancelled — the hedger
 * cancels the loser — it adds the time it ran to the run's wasted work, and counts a wasted
 * completion if it would have finished at that very instant.
 */
final class ScriptedAttempt extends CompletableFuture<Object> {

    private static final Object ANSWER = "ok";
    private static final long NANOS_PER_MS = 1_000_000L;

    private final SimScheduler scheduler;
    private final HedgeWaste waste;
    private final int request;
    private final long startNanos;
    private final long dueNanos;
    private final Cancellable completion;

    ScriptedAttempt(SimScheduler scheduler, long latencyMs, HedgeWaste waste, int request) {
        this.scheduler = scheduler;
        this.waste = waste;
        this.request = request;
        this.startNanos = scheduler.nowNanos();
        this.dueNanos = startNanos + latencyMs * NANOS_PER_MS;
        this.completion = scheduler.schedule(latencyMs * NANOS_PER_MS, () -> complete(ANSWER));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (isDone()) {
            return false;
        }
        completion.cancel();
        long now = scheduler.nowNanos();
        waste.workMs[request] += (now - startNanos) / NANOS_PER_MS;
        waste.tied[request] |= now == dueNanos;
        return super.cancel(mayInterruptIfRunning);
    }
}
