package io.tailguard.sim.service;

import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntSupplier;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe service times of a service with a latency cliff: a base model multiplied by a
 * slowdown over time, and {@value #CLIFF_FACTOR} times slower for a request that starts while more
 * than {@value #CLIFF_CONCURRENCY} requests are at the service (a thrashing service). A stall adds
 * its remaining length to every service it overlaps; a lucky sample is one request of 0.1 ms. It
 * reads the simulation's clock and concurrency, so unlike the other models it holds state: one per
 * run.
 */
public final class CliffService implements ServiceModel {

    /** Workers of the service. */
    public static final int WORKERS = 8;
    /** Requests at the service (in service and waiting) past which service is 10 times slower. */
    public static final int CLIFF_CONCURRENCY = 48;
    /** How many times slower service is past the cliff. */
    public static final double CLIFF_FACTOR = 10.0;
    /** Length of the lucky sample. */
    public static final long LUCKY_NANOS = 100_000L;
    private static final ServiceModel LOGNORMAL = ServiceModel.lognormal(Duration.ofMillis(8), 0.5);
    private static final ServiceModel BIMODAL = ServiceModel.mixture(
            List.of(ServiceModel.fixed(Duration.ofMillis(2)), ServiceModel.fixed(Duration.ofMillis(40))),
            new double[] {0.8, 0.2});

    private final ServiceModel base;
    private final DoubleUnaryOperator slowdown;
    private final long stallStartNanos;
    private final long stallEndNanos;
    private final double luckyAtSecond;
    private final NanoClock clock;
    private final IntSupplier concurrency;
    private boolean luckyUsed;

    /**
     * Creates the service times of one run.
     *
     * @param base          {@link #base(boolean)}, or any other model
     * @param slowdown      service-time multiplier at second t of the run (1 = nominal)
     * @param stallAtSecond start of a stall of every worker, or negative for none
     * @param stallSeconds  length of the stall
     * @param luckyAtSecond second from which the next request takes {@link #LUCKY_NANOS}, or negative for none
     * @param clock         the simulation's clock
     * @param concurrency   requests at the service now (in service and waiting)
     */
    public CliffService(ServiceModel base, DoubleUnaryOperator slowdown, double stallAtSecond, double stallSeconds,
                        double luckyAtSecond, NanoClock clock, IntSupplier concurrency) {
        this.base = Check.notNull("base", base);
        this.slowdown = Check.notNull("slowdown", slowdown);
        this.stallStartNanos = stallAtSecond < 0 ? -1L : (long) (stallAtSecond * 1e9);
        this.stallEndNanos = stallStartNanos + (long) (stallSeconds * 1e9);
        this.luckyAtSecond = luckyAtSecond;
        this.clock = Check.notNull("clock", clock);
        this.concurrency = Check.notNull("concurrency", concurrency);
    }

    /** Returns lognormal service times (median 8 ms, sigma 0.5), or a cache hit/miss mixture (2 ms 80 %, 40 ms 20 %). */
    public static ServiceModel base(boolean bimodal) {
        return bimodal ? BIMODAL : LOGNORMAL;
    }

    /** Returns the requests per second the service completes at nominal speed, below the cliff. */
    public static double capacityRps(boolean bimodal) {
        return WORKERS * 1e9 / base(bimodal).meanNanos();
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        long now = clock.nanoTime();
        double second = now / 1e9;
        double nanos = base.sampleNanos(random) * slowdown.applyAsDouble(second);
        if (concurrency.getAsInt() > CLIFF_CONCURRENCY) {
            nanos *= CLIFF_FACTOR;
        }
        if (!luckyUsed && luckyAtSecond >= 0 && second >= luckyAtSecond) {
            luckyUsed = true;
            return LUCKY_NANOS;
        }
        if (stallStartNanos >= 0 && now < stallEndNanos && now + nanos > stallStartNanos) {
            nanos += stallEndNanos - Math.max(now, stallStartNanos);
        }
        return (long) nanos;
    }

    @Override
    public double meanNanos() {
        return base.meanNanos();
    }
}
