package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of a token bucket per client key.
 *
 * @param rate     each key's bucket
 * @param keyHeader the request header naming the client, or {@code null} to key by client address
 * @param maxKeys  the most keys tracked at once, at least 1 (the memory bound)
 * @param idle     a key unseen this long is forgotten, greater than zero
 */
public record ClientRateConfig(RateConfig rate, String keyHeader, int maxKeys, Duration idle) {

    /** Validates every field. */
    public ClientRateConfig {
        Check.notNull("rate", rate);
        Check.positive("max-keys", maxKeys);
        Check.positive("idle", idle);
    }
}
