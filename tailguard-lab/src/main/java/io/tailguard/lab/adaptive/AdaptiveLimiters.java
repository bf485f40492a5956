package io.tailguard.lab.adaptive;

import com.netflix.concurrency.limits.limit.AIMDLimit;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.Gradient2LimitConfig;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.limiter.CoreLimiter;
import io.tailguard.sim.limiter.LeaseLimiter;
import io.tailguard.sim.limiter.SimLimiter;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe (stateless) list of the compared limiters. Each of ours is configured as its Netflix
 * counterpart: AIMD initial 20, min 1, max 1000, backoff 0.9, timeout 200 ms; Vegas initial 20,
 * max 1000, smoothing 1, probe multiplier 30; Gradient2 with both libraries' defaults (initial 20,
 * min 20, max 200). Ours differs where the algorithms do (decision 028): our AIMD also backs off when
 * its RTT average passes 2.5 times a baseline RTT, our Gradient2 keeps a baseline that cannot drift,
 * grows once per RTT and backs off on drops.
 */
final class AdaptiveLimiters {

    static final String OURS_AIMD = "ours-aimd";
    static final String OURS_VEGAS = "ours-vegas";
    static final String OURS_GRADIENT2 = "ours-gradient2";
    static final String OURS_LEASE = "ours-lease";
    static final String NETFLIX_AIMD = "netflix-aimd";
    static final String NETFLIX_VEGAS = "netflix-vegas";
    static final String NETFLIX_GRADIENT2 = "netflix-gradient2";

    /** Every limiter, ours first, each followed in the report by its Netflix counterpart. */
    static final List<String> ALL = List.of(OURS_AIMD, NETFLIX_AIMD, OURS_VEGAS, NETFLIX_VEGAS,
            OURS_GRADIENT2, NETFLIX_GRADIENT2, OURS_LEASE);

    private static final int INITIAL = 20;
    private static final int MAX = 1000;
    private static final double BACKOFF = 0.9;
    private static final Duration TIMEOUT = Duration.ofMillis(200);
    private static final int PROBE_MULTIPLIER = 30;
    private static final double RTT_TOLERANCE = AimdLimitConfig.DEFAULT_RTT_TOLERANCE;

    private AdaptiveLimiters() {
    }

    /** Returns the Netflix counterpart of one of ours, or null for the lease (it has none). */
    static String peerOf(String ours) {
        return switch (ours) {
            case OURS_AIMD -> NETFLIX_AIMD;
            case OURS_VEGAS -> NETFLIX_VEGAS;
            case OURS_GRADIENT2 -> NETFLIX_GRADIENT2;
            default -> null;
        };
    }

    static SimLimiter create(String name, SimScheduler scheduler, SplittableRandom random) {
        return switch (name) {
            case OURS_AIMD -> new CoreLimiter(new AimdLimit(new AimdLimitConfig(INITIAL, 1, MAX, BACKOFF, TIMEOUT,
                    RTT_TOLERANCE, AimdLimitConfig.DEFAULT_BASELINE_WINDOW)));
            case OURS_VEGAS -> new CoreLimiter(new VegasLimit(new VegasLimitConfig(INITIAL, MAX, 1.0, PROBE_MULTIPLIER),
                    random));
            case OURS_GRADIENT2 -> new CoreLimiter(new io.tailguard.limit.Gradient2Limit(Gradient2LimitConfig.defaults()));
            case OURS_LEASE -> new LeaseLimiter(scheduler);
            case NETFLIX_AIMD -> new NetflixLimiter(AIMDLimit.newBuilder().initialLimit(INITIAL).minLimit(1)
                    .maxLimit(MAX).backoffRatio(BACKOFF).timeout(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).build());
            case NETFLIX_VEGAS -> new NetflixLimiter(com.netflix.concurrency.limits.limit.VegasLimit.newBuilder()
                    .initialLimit(INITIAL).maxConcurrency(MAX).smoothing(1.0).probeMultiplier(PROBE_MULTIPLIER).build());
            case NETFLIX_GRADIENT2 -> new NetflixLimiter(Gradient2Limit.newBuilder().build());
            default -> throw new IllegalArgumentException("limiter must be one of " + ALL + " but was " + name);
        };
    }
}
