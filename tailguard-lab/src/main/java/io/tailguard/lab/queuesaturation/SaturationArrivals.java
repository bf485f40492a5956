package io.tailguard.lab.queuesaturation;

import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.arrival.ArrivalStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (stateless) arrival times of one utilisation level, in milliseconds as doubles (the
 * published model's unit). The published model precomputes a count and multiplies (labs-spec §4.2:
 * n = max(1, round(λ·D/1000)) arrivals at k·(1000/λ)); Poisson and bursty arrivals come from the
 * simulator's sources and are cut at the duration.
 */
enum SaturationArrivals {
    /** Evenly spaced, as published. */
    CONSTANT,
    /** Exponential gaps at the same mean rate. */
    POISSON,
    /** Poisson at twice the rate for 100 ms, then 100 ms of silence, repeated. */
    BURSTY;

    /** Returns arrival times in milliseconds, ascending, for rate {@code lambda} over {@code durationMs}. */
    double[] times(double lambda, long durationMs, RandomGenerator random) {
        if (this == CONSTANT) {
            long n = Math.max(1, Math.round(lambda * durationMs / 1000.0));
            double[] a = new double[Math.toIntExact(n)];
            double spacing = 1000.0 / lambda;
            for (int k = 0; k < a.length; k++) {
                a[k] = k * spacing;
            }
            return a;
        }
        ArrivalSource source = this == POISSON ? ArrivalSource.poisson(lambda)
                : ArrivalSource.onOff(Duration.ofMillis(100), 2 * lambda, Duration.ofMillis(100), 0, true);
        ArrivalStream stream = source.open(random);
        long endNanos = durationMs * 1_000_000L;
        double[] a = new double[16];
        int n = 0;
        for (long t = stream.nextNanos(); t < endNanos; t = stream.nextNanos()) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = t / 1e6;
        }
        return Arrays.copyOf(a, n);
    }
}
