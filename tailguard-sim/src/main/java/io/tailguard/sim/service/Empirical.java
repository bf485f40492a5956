package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Immutable bootstrap distribution: each draw is one of the samples, uniformly; made by
 * {@link #ofSamples}, which validates.
 */
record Empirical(long[] samplesNanos, double meanNanos) implements ServiceModel {

    static Empirical ofSamples(List<Duration> samples) {
        Check.notNull("samples", samples);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("samples must be non-empty but was []");
        }
        long[] nanos = new long[samples.size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = Check.nonNegative("samples[" + i + "]", samples.get(i)).toNanos();
        }
        double sum = 0;
        for (long s : nanos) {
            sum += s;
        }
        return new Empirical(nanos, sum / nanos.length);
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        return samplesNanos[random.nextInt(samplesNanos.length)];
    }

    @Override
    public String toString() {
        return "Empirical[" + samplesNanos.length + " samples, mean " + meanNanos + "ns]";
    }
}
