package io.tailguard.sim.service;

import java.util.random.RandomGenerator;

/** Immutable constant service time. */
record Fixed(long serviceNanos) implements ServiceModel {

    @Override
    public long sampleNanos(RandomGenerator random) {
        return serviceNanos;
    }

    @Override
    public double meanNanos() {
        return serviceNanos;
    }
}
