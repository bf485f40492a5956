package io.tailguard.path;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) token bucket of a route or of one client: {@code perSecond} tokens a
 * second, bursts of up to {@code burst}.
 *
 * @param perSecond tokens added each second, at least 1
 * @param burst     the most tokens held, at least 1
 */
public record RateSettings(long perSecond, long burst) {

    /** Validates every field. */
    public RateSettings {
        Check.positive("per-second", perSecond);
        Check.positive("burst", burst);
    }
}
