package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) distribution of service times. The engine draws one sample per started
 * job from its own seeded stream, so a model holds no state and no randomness of its own.
 */
public interface ServiceModel {

    /** Draws one service time in nanoseconds ({@code >= 0}) using {@code random}. */
    long sampleNanos(RandomGenerator random);

    /** Returns the distribution's mean in nanoseconds (exact where a closed form exists). */
    double meanNanos();

    /** Every job takes exactly {@code serviceTime}. */
    static ServiceModel fixed(Duration serviceTime) {
        return new Fixed(Check.nonNegative("serviceTime", serviceTime).toNanos());
    }

    /** Exponentially distributed service times with mean {@code mean} (the "M" of M/M/c). */
    static ServiceModel exponential(Duration mean) {
        return new Exponential(Check.positive("mean", mean).toNanos());
    }

    /**
     * Lognormal service times: {@code median * exp(sigma * Z)} with Z standard normal. The mean is
     * {@code median * exp(sigma^2 / 2)}; {@code sigma} around 1 gives a heavy but finite tail.
     */
    static ServiceModel lognormal(Duration median, double sigma) {
        Check.inRange("sigma", sigma, 0.0, 10.0);
        return new LogNormal(Check.positive("median", median).toNanos(), sigma);
    }

    /** Draws uniformly from observed {@code samples} (bootstrap of a measured distribution). */
    static ServiceModel empirical(List<Duration> samples) {
        return Empirical.ofSamples(samples);
    }

    /**
     * Inverse-transform sampling from a piecewise-linear CDF: {@code values} ascending, and
     * {@code cumulativeProbabilities} ascending from 0 (or more) to exactly 1, one per value.
     * A uniform draw u is mapped to the value where the CDF crosses u, interpolated linearly.
     */
    static ServiceModel empiricalCdf(List<Duration> values, double[] cumulativeProbabilities) {
        return EmpiricalCdf.of(values, cumulativeProbabilities);
    }

    /** A mixture: each job picks component i with probability {@code weights[i] / sum(weights)}. */
    static ServiceModel mixture(List<ServiceModel> components, double[] weights) {
        return Mixture.of(components, weights);
    }
}
