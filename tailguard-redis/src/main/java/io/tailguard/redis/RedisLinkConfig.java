package io.tailguard.redis;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of a {@link RedisLink}.
 *
 * @param timeout       the longest a caller waits for Redis before deciding in degraded mode, > 0
 * @param probeInterval how often a link that is down tries to reconnect, > 0
 * @param connectTimeout the longest one (background) connection attempt may take, > 0
 */
public record RedisLinkConfig(Duration timeout, Duration probeInterval, Duration connectTimeout) {

    /** The defaults: a 5 ms timeout, a probe every 100 ms, 1 s to connect. */
    public static final RedisLinkConfig DEFAULT =
            new RedisLinkConfig(Duration.ofMillis(5), Duration.ofMillis(100), Duration.ofSeconds(1));

    /** Validates every field. */
    public RedisLinkConfig {
        Check.positive("timeout", timeout);
        Check.positive("probeInterval", probeInterval);
        Check.positive("connectTimeout", connectTimeout);
    }

    /** Returns a copy with {@code timeout} instead. */
    public RedisLinkConfig withTimeout(Duration timeout) {
        return new RedisLinkConfig(timeout, probeInterval, connectTimeout);
    }
}
