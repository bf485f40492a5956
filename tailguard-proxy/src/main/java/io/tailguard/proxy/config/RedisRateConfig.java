package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import io.tailguard.redis.DegradedMode;
import java.time.Duration;

/**
 * Thread-safe (immutable): where a route's token bucket lives when every proxy instance shares it
 * through Redis.
 *
 * @param uri       the Redis server, {@code redis://host:port[/db]}
 * @param key       the bucket's name in Redis, the same on every instance
 * @param instances how many proxy instances share the rate; each keeps 1/instances of it locally
 *                  while Redis is away ({@code fail-local}), at least 1
 * @param degraded  what to decide while Redis does not answer
 * @param timeout   the longest a request waits for Redis's decision, > 0
 */
public record RedisRateConfig(String uri, String key, int instances, DegradedMode degraded, Duration timeout) {

    /** Validates every field. */
    public RedisRateConfig {
        Check.notNull("redis", uri);
        if (!uri.startsWith("redis://")) {
            throw new IllegalArgumentException("redis must be redis://host:port but was " + uri);
        }
        Check.notNull("key", key);
        Check.positive("instances", instances);
        Check.notNull("degraded", degraded);
        Check.positive("timeout", timeout);
    }
}
