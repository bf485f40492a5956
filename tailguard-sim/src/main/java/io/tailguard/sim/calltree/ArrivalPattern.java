package io.tailguard.sim.calltree;

import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.arrival.ArrivalStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Thread-safe (immutable) arrival pattern of the failure-propagation experiments. {@code CONSTANT} is
 * the published one: route r of R at rate λ gets arrival k at {@code spacing·r/R + k·spacing}
 * (spacing = 1000/λ ms, multiplied, not accumulated, as published). {@code POISSON} and
 * {@code BURSTY} come from the simulator's arrival sources, one seeded stream per route.
 */
public enum ArrivalPattern {
    /** Evenly spaced, routes interleaved (the published model). */
    CONSTANT,
    /** Poisson at the route's rate. */
    POISSON,
    /** Poisson at twice the route's rate for 100 ms, then 100 ms of silence, repeated. */
    BURSTY;

    /** Returns the pattern named {@code label} (constant, poisson or bursty). */
    public static ArrivalPattern of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }

    /** Returns the arrival times (ms, ascending, below {@code durationMs}) of route {@code route} of {@code routes}. */
    public double[] times(double ratePerSecond, int route, int routes, double durationMs, long seed) {
        if (this == CONSTANT) {
            double spacing = 1000.0 / ratePerSecond;
            double offset = spacing * route / routes;
            int n = 0;
            while (offset + n * spacing < durationMs) {
                n++;
            }
            double[] out = new double[n];
            for (int k = 0; k < n; k++) {
                out[k] = offset + k * spacing;
            }
            return out;
        }
        ArrivalSource source = this == POISSON ? ArrivalSource.poisson(ratePerSecond)
                : ArrivalSource.onOff(Duration.ofMillis(100), 2 * ratePerSecond, Duration.ofMillis(100), 0.0, true);
        ArrivalStream stream = source.open(new SplittableRandom(seed * 31 + route));
        double[] out = new double[16];
        int n = 0;
        for (long t = stream.nextNanos(); t != ArrivalStream.END && t / 1e6 < durationMs; t = stream.nextNanos()) {
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = t / 1e6;
        }
        return Arrays.copyOf(out, n);
    }
}
