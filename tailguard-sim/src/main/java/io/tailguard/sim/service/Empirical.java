package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/** Immutable bootstrap distribution: each draw is one of the samples, uniformly. */
final class Empirical implements ServiceModel {

    private final long[] samplesNanos;
    private final double meanNanos;

    private Empirical(long[] samplesNanos) {
        this.samplesNanos = samplesNanos;
        double sum = 0;
        for (long s : samplesNanos) {
            sum += s;
        }
        this.meanNanos = sum / samplesNanos.length;
    }

    static Empirical ofSamples(List<Duration> samples) {
        Check.notNull("samples", samples);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("samples must be non-empty but was []");
        }
        long[] nanos = new long[samples.size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = Check.nonNegative("samples[" + i + "]", samples.get(i)).toNanos();
        }
        return new Empirical(nanos);
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        return samplesNanos[random.nextInt(samplesNanos.length)];
    }

    @Override
    public double meanNanos() {
        return meanNanos;
    }

    @Override
    public String toString() {
        return "Empirical[" + samplesNanos.length + " samples, mean " + meanNanos + "ns]";
    }
}
