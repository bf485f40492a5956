package io.tailguard.redis;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of a {@link RedisConcurrencyLimit}.
 *
 * @param limit     the most requests in flight across the cluster, at least 1
 * @param permitTtl a permit not completed within this time expires, so a holder that dies cannot
 *                  keep its capacity; longer than the slowest request, at least 1 ms
 * @param degraded  what to decide when Redis does not answer in time
 * @param instances how many instances share the limit; in {@link DegradedMode#FAIL_LOCAL} each allows
 *                  limit/instances in flight (at least one), at least 1
 */
public record RedisConcurrencyConfig(int limit, Duration permitTtl, DegradedMode degraded, int instances) {

    /** Validates every field. */
    public RedisConcurrencyConfig {
        Check.positive("limit", limit);
        Check.positive("permitTtl", permitTtl);
        if (permitTtl.toMillis() < 1) {
            throw new IllegalArgumentException("permitTtl must be >= 1 ms but was " + permitTtl);
        }
        Check.notNull("degraded", degraded);
        Check.positive("instances", instances);
    }

    /** At most {@code limit} in flight, permits expiring after {@code permitTtl}, failing local on one instance. */
    public static RedisConcurrencyConfig of(int limit, Duration permitTtl) {
        return new RedisConcurrencyConfig(limit, permitTtl, DegradedMode.FAIL_LOCAL, 1);
    }
}
