package io.tailguard.sim.service;

import java.util.random.RandomGenerator;

/** Immutable exponential service time; uses the generator's ziggurat, no logarithm per draw. */
record Exponential(long meanServiceNanos) implements ServiceModel {

    @Override
    public long sampleNanos(RandomGenerator random) {
        return Math.round(random.nextExponential() * meanServiceNanos);
    }

    @Override
    public double meanNanos() {
        return meanServiceNanos;
    }
}
