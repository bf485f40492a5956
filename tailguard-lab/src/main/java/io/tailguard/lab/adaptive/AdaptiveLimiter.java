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
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe (immutable) the compared limiters, in report order: each of ours followed by its
 * Netflix counterpart, as which it is configured: AIMD initial 20, min 1, max 1000, backoff 0.9, timeout 200 ms; Vegas initial 20,
 * max 1000, smoothing 1, probe multiplier 30; Gradient2 with both libraries' defaults (initial 20,
 * min 20, max 200). Ours differs where the algorithms do (decision 028): our AIMD also backs off when
 * its RTT average passes 2.5 times a baseline RTT, our Gradient2 keeps a baseline that cannot drift,
 * grows once per RTT and backs off on drops.
 */
enum AdaptiveLimiter {
    OURS_AIMD("ours-aimd"),
    NETFLIX_AIMD("netflix-aimd"),
    OURS_VEGAS("ours-vegas"),
    NETFLIX_VEGAS("netflix-vegas"),
    OURS_GRADIENT2("ours-gradient2"),
    NETFLIX_GRADIENT2("netflix-gradient2"),
    OURS_LEASE("ours-lease");

    private static final int INITIAL = 20;
    private static final int MAX = 1000;
    private static final double BACKOFF = 0.9;
    private static final Duration TIMEOUT = Duration.ofMillis(200);
    private static final int PROBE_MULTIPLIER = 30;
    private static final double RTT_TOLERANCE = AimdLimitConfig.DEFAULT_RTT_TOLERANCE;

    /** The name the rows, the tables and the charts show. */
    final String label;

    AdaptiveLimiter(String label) {
        this.label = label;
    }

    /** Returns the Netflix counterpart of one of ours, or null for the lease and Netflix's own. */
    AdaptiveLimiter peer() {
        return switch (this) {
            case OURS_AIMD -> NETFLIX_AIMD;
            case OURS_VEGAS -> NETFLIX_VEGAS;
            case OURS_GRADIENT2 -> NETFLIX_GRADIENT2;
            default -> null;
        };
    }

    /** Returns a new limiter of this kind on {@code scheduler}, drawing from {@code random}. */
    SimLimiter create(SimScheduler scheduler, SplittableRandom random) {
        return switch (this) {
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
        };
    }
}
