package io.tailguard.path;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) token bucket per client key.
 *
 * @param rate    each client's bucket
 * @param maxKeys the most clients remembered at once, at least 1
 * @param idle    a client unseen this long is forgotten, greater than zero
 */
public record ClientRateSettings(RateSettings rate, int maxKeys, Duration idle) {

    /** Validates every field. */
    public ClientRateSettings {
        Check.notNull("rate", rate);
        Check.positive("max-keys", maxKeys);
        Check.positive("idle", idle);
    }
}
