package io.tailguard.sim.service;

import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (stateless) model of the published hedging article's Redis latency, built from the
 * service models: a body distribution and, in isolation, rare independent stalls. Each draw is
 * independent, so a slow response is never followed by another because of it — the condition
 * under which hedging helps.
 *
 * <ul>
 *   <li>Body: piecewise-linear CDF through the article's measured p50 and p90–p95 (levels raised
 *       slightly because the stalls take the top 1.12 %), with an assumed floor of 4 ms and an
 *       assumed ceiling of 36 ms (a Redis GET over the network has both).
 *   <li>Stall: with probability 1.12 %, a lognormal latency of median 200 ms and shape 0.42,
 *       chosen so that the mixture's p99 and p99.9 land near the article's 118 ms and 350 ms.
 * </ul>
 */
public final class HedgingArticleLatency {

    /**
     * Chosen so that 1 % of calls are slower than the article's p99 of 118 ms: a stall is slower than
     * 118 ms with probability 1 − Φ(ln(118/200) / 0.42) = 0.8955, and 0.0112 × 0.8955 = 1.003 %.
     */
    public static final double STALL_PROBABILITY = 0.0112;
    /** The slowest the body ever is; anything slower is a stall. */
    public static final Duration BODY_CEILING = Duration.ofMillis(36);

    /** The model. */
    public static final ServiceModel MODEL = ServiceModel.mixture(
            List.of(
                    ServiceModel.empiricalCdf(
                            List.of(Duration.ofMillis(4), Duration.ofMillis(14).plusNanos(800_000),
                                    Duration.ofMillis(27).plusNanos(600_000), Duration.ofMillis(30),
                                    Duration.ofMillis(32), BODY_CEILING),
                            new double[] {0.0, 0.5, 0.9, 0.96, 0.99, 1.0}),
                    ServiceModel.lognormal(Duration.ofMillis(200), 0.42)),
            new double[] {1.0 - STALL_PROBABILITY, STALL_PROBABILITY});

    private HedgingArticleLatency() {
    }
}
