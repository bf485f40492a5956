package io.tailguard.path;

import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.Gradient2Limit;
import io.tailguard.limit.Gradient2LimitConfig;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;

/**
 * Thread-safe (stateless): a backend's concurrency limiter from its pool's settings, for the decision
 * path and for the proxy alike. An adaptive
 * limit starts at {@code maxConns}, may fall to 1 and grow to ten times {@code maxConns}; a response
 * slower than the response timeout counts as a drop.
 */
public final class Limits {

    private Limits() {
    }

    /** Returns a new limiter for one backend of {@code pool}. */
    public static ConcurrencyLimiter create(PoolSettings pool) {
        int initial = pool.maxConns();
        int max = (int) Math.min(65_536L, 10L * initial);
        return switch (pool.limit()) {
            case FIXED -> ConcurrencyLimiter.fixed(initial);
            case AIMD -> ConcurrencyLimiter.of(new AimdLimit(
                    new AimdLimitConfig(initial, 1, max, 0.9, pool.responseTimeout())));
            case VEGAS -> ConcurrencyLimiter.of(new VegasLimit(new VegasLimitConfig(initial, max, 1.0, 30)));
            case GRADIENT2 -> ConcurrencyLimiter.of(new Gradient2Limit(
                    new Gradient2LimitConfig(initial, 1, max, 0.2, 1.5, 4, 0.9)));
        };
    }
}
