package io.tailguard.sim.arrival;

import java.util.random.RandomGenerator;

/**
 * Not thread-safe Poisson stream. Time accumulates in a {@code double} and is rounded per
 * arrival, so rounding to whole nanoseconds adds no drift.
 */
final class PoissonStream implements ArrivalStream {

    private final double meanGapNanos;
    private final RandomGenerator random;
    private double nowNanos;

    PoissonStream(double meanGapNanos, RandomGenerator random) {
        this.meanGapNanos = meanGapNanos;
        this.random = random;
    }

    @Override
    public long nextNanos() {
        nowNanos += random.nextExponential() * meanGapNanos;
        return nowNanos >= 9.0e18 ? END : Math.round(nowNanos);
    }
}
