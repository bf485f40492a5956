package io.tailguard.proxy;

import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.Gradient2Limit;
import io.tailguard.limit.Gradient2LimitConfig;
import io.tailguard.limit.VegasLimit;
import io.tailguard.limit.VegasLimitConfig;
import io.tailguard.proxy.config.PoolConfig;

/**
 * Thread-safe (stateless): builds a backend's core {@link ConcurrencyLimiter} from its pool's
 * settings. An adaptive limit starts at {@code max-conns}, may fall to 1 and may grow to ten times
 * {@code max-conns}; a response slower than the pool's response timeout counts as a drop.
 */
final class Limiters {

    private Limiters() {
    }

    static ConcurrencyLimiter create(PoolConfig pool) {
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
