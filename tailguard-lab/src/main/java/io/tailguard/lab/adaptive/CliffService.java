package io.tailguard.lab.adaptive;

import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe service times of the simulated service: lognormal (median 8 ms, sigma 0.5) or a
 * cache hit/miss mixture (2 ms 80 %, 40 ms 20 %), multiplied by the scenario's slowdown, and 10 times
 * slower for a request that starts while more than {@value #CLIFF_CONCURRENCY} requests are at the
 * service (the latency cliff: a thrashing service). A stall adds its remaining length to every
 * service it overlaps; the lucky sample is one request of 0.1 ms. It reads the simulation's state,
 * so unlike the simulator's own models it holds state: one per run.
 */
final class CliffService implements ServiceModel {

    /** Workers of the service. */
    static final int WORKERS = 8;
    /** Requests at the service (in service and waiting) past which service is 10 times slower. */
    static final int CLIFF_CONCURRENCY = 48;
    private static final double CLIFF_FACTOR = 10.0;
    private static final long LUCKY_NANOS = 100_000L;
    private static final ServiceModel LOGNORMAL = ServiceModel.lognormal(Duration.ofMillis(8), 0.5);
    private static final ServiceModel BIMODAL = ServiceModel.mixture(
            List.of(ServiceModel.fixed(Duration.ofMillis(2)), ServiceModel.fixed(Duration.ofMillis(40))),
            new double[] {0.8, 0.2});

    private final AdaptiveScenario scenario;
    private final SimScheduler scheduler;
    private final ServiceModel base;
    private final IntSupplier concurrency;
    private boolean luckyUsed;

    CliffService(AdaptiveScenario scenario, SimScheduler scheduler, IntSupplier concurrency) {
        this.scenario = scenario;
        this.scheduler = scheduler;
        this.base = scenario.bimodal() ? BIMODAL : LOGNORMAL;
        this.concurrency = concurrency;
    }

    /** Returns the requests per second the service completes at nominal speed, below the cliff. */
    static double capacityRps(boolean bimodal) {
        return WORKERS * 1e9 / (bimodal ? BIMODAL : LOGNORMAL).meanNanos();
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        long now = scheduler.nowNanos();
        double second = now / 1e9;
        double nanos = base.sampleNanos(random) * scenario.slowdown().at(second);
        if (concurrency.getAsInt() > CLIFF_CONCURRENCY) {
            nanos *= CLIFF_FACTOR;
        }
        if (!luckyUsed && scenario.luckyAt() >= 0 && second >= scenario.luckyAt()) {
            luckyUsed = true;
            return LUCKY_NANOS;
        }
        if (scenario.stallAt() >= 0) {
            long stallStart = (long) (scenario.stallAt() * 1e9);
            long stallEnd = stallStart + (long) (AdaptiveScenario.STALL_SECONDS * 1e9);
            if (now < stallEnd && now + nanos > stallStart) {
                nanos += stallEnd - Math.max(now, stallStart);
            }
        }
        return (long) nanos;
    }

    @Override
    public double meanNanos() {
        return base.meanNanos();
    }
}
