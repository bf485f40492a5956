package io.tailguard.lab.hedging;

import io.tailguard.sim.service.ServiceModel;
import io.tailguard.time.VirtualScheduler;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe backend with unlimited capacity: every attempt takes an independent draw of the
 * latency model, whatever the load (the published hedging article's setting: extra attempts do not slow anyone).
 */
final class IndependentBackend implements Backend {

    private static final Object ANSWER = "ok";

    private final VirtualScheduler scheduler;
    private final ServiceModel model;
    private final RandomGenerator random;

    IndependentBackend(VirtualScheduler scheduler, ServiceModel model, RandomGenerator random) {
        this.scheduler = scheduler;
        this.model = model;
        this.random = random;
    }

    @Override
    public CompletableFuture<Object> attempt() {
        CompletableFuture<Object> answer = new SimulatedAttempt();
        // a cancelled attempt's completion is a no-op; the event stays to keep the code simple
        scheduler.schedule(model.sampleNanos(random), () -> answer.complete(ANSWER));
        return answer;
    }

    @Override
    public double utilizationPct(long endNanos) {
        return Double.NaN;
    }
}
