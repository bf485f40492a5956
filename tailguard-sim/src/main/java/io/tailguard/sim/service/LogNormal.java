package io.tailguard.sim.service;

import java.util.random.RandomGenerator;

/**
 * Immutable lognormal service time. {@link StrictMath#exp} keeps draws bit-identical across JVMs
 * and platforms, which byte-stable outputs need.
 */
record LogNormal(long medianNanos, double sigma) implements ServiceModel {

    @Override
    public long sampleNanos(RandomGenerator random) {
        return Math.round(medianNanos * StrictMath.exp(sigma * random.nextGaussian()));
    }

    @Override
    public double meanNanos() {
        return medianNanos * StrictMath.exp(sigma * sigma / 2.0);
    }
}
