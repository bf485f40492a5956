package io.tailguard.limit;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) configuration of a {@link FixedLimit}.
 *
 * @param limit the constant concurrency limit, at least 1
 */
public record FixedLimitConfig(int limit) {

    /** Validates the limit. */
    public FixedLimitConfig {
        Check.positive("limit", limit);
    }
}
