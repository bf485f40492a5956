package io.tailguard.sim.service;

import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (stateless) service model of the published latency lab's sampler (labs-spec §4.0):
 * 99 % of calls near 20 ms (a normal of mean 20 ms and deviation 5 ms, rounded, clamped to
 * 1–100 ms), 1 % a tail (an exponential of mean 500 ms, rounded, clamped to 200–3000 ms).
 *
 * <p>The published bytes depend on {@link java.util.Random}'s exact streams, including its cached
 * polar-method Gaussian; pass a {@link Random} (see {@link #generator}) to reproduce them. Any other
 * generator gives the same distribution with other draws.
 */
public final class PublishedSampler implements ServiceModel {

    /** The one instance; the model has no state. */
    public static final PublishedSampler INSTANCE = new PublishedSampler();

    private static final long NANOS_PER_MILLI = 1_000_000L;

    /**
     * The model's mean: 0.99 × 20 ms (the normal, symmetric around 20, barely touched by its clamps)
     * + 0.01 × (200 + 500 × (e^−0.4 − e^−6)) ms (the clamped exponential's mean).
     */
    private static final double MEAN_NANOS = (
            (0.99 * 20.0 + 0.01 * (200.0 + 500.0 * (Math.exp(-0.4) - Math.exp(-6.0)))) * NANOS_PER_MILLI);

    private PublishedSampler() {
    }

    /** Returns the generator the published lab seeds: a {@link Random} with {@code seed}. */
    public static Random generator(long seed) {
        return new Random(seed);
    }

    /** Draws one latency in whole milliseconds, consuming the published number of draws. */
    public static long sampleMillis(RandomGenerator random) {
        if (random.nextDouble() < 0.01) {
            double tail = -500.0 * Math.log(1.0 - random.nextDouble());
            return clamp(Math.round(tail), 200, 3000);
        }
        return clamp(Math.round(random.nextGaussian() * 5.0 + 20.0), 1, 100);
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        return sampleMillis(random) * NANOS_PER_MILLI;
    }

    @Override
    public double meanNanos() {
        return MEAN_NANOS;
    }

    private static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }
}
