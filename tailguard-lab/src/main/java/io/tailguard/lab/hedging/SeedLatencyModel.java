package io.tailguard.lab.hedging;

import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) model of the seed's Redis latency: a body distribution with, in
 * isolation, rare independent stalls. Each draw is independent, so a slow response is never
 * followed by another because of it — the condition under which hedging helps.
 *
 * <ul>
 *   <li>Body: piecewise-linear quantile function through the seed's measured p50 and p90–p95
 *       (levels raised slightly because the stalls take the top 1.15 %), with an assumed floor of
 *       4 ms and an assumed ceiling of 36 ms (a Redis GET over the network has both).
 *   <li>Stall: with probability 1.15 %, a lognormal latency of median 200 ms and shape 0.42,
 *       chosen so that the mixture's p99 and p99.9 land near the seed's 118 ms and 350 ms.
 * </ul>
 */
final class SeedLatencyModel {

    private static final double[] BODY_LEVELS = {0.0, 0.5, 0.9, 0.96, 0.99, 1.0};
    private static final double[] BODY_MILLIS = {4.0, 14.8, 27.6, 30.0, 32.0, 36.0};
    static final double STALL_PROBABILITY = 0.0115;
    static final double STALL_MEDIAN_MILLIS = 200.0;
    static final double STALL_SIGMA = 0.42;

    static final SeedLatencyModel INSTANCE = new SeedLatencyModel();

    private SeedLatencyModel() {
    }

    /** Draws one latency in nanoseconds. */
    long sampleNanos(RandomGenerator random) {
        double millis;
        if (random.nextDouble() < STALL_PROBABILITY) {
            millis = STALL_MEDIAN_MILLIS * Math.exp(STALL_SIGMA * random.nextGaussian());
        } else {
            millis = body(random.nextDouble());
        }
        return Math.round(millis * 1_000_000.0);
    }

    /** The mean latency in milliseconds, exact for the model. */
    double meanMillis() {
        double body = 0.0;
        for (int i = 1; i < BODY_LEVELS.length; i++) {
            body += (BODY_LEVELS[i] - BODY_LEVELS[i - 1]) * (BODY_MILLIS[i] + BODY_MILLIS[i - 1]) / 2.0;
        }
        double stall = STALL_MEDIAN_MILLIS * Math.exp(STALL_SIGMA * STALL_SIGMA / 2.0);
        return (1.0 - STALL_PROBABILITY) * body + STALL_PROBABILITY * stall;
    }

    private static double body(double level) {
        for (int i = 1; i < BODY_LEVELS.length; i++) {
            if (level <= BODY_LEVELS[i]) {
                double share = (level - BODY_LEVELS[i - 1]) / (BODY_LEVELS[i] - BODY_LEVELS[i - 1]);
                return BODY_MILLIS[i - 1] + share * (BODY_MILLIS[i] - BODY_MILLIS[i - 1]);
            }
        }
        return BODY_MILLIS[BODY_MILLIS.length - 1];
    }
}
