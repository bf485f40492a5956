package io.tailguard.proxy.config;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) token bucket settings: {@code perSecond} tokens a second, bursts of up to
 * {@code burst}.
 *
 * @param perSecond tokens added each second, at least 1
 * @param burst     the most tokens held, at least 1
 */
public record RateConfig(long perSecond, long burst) {

    /** Validates every field. */
    public RateConfig {
        Check.positive("per-second", perSecond);
        Check.positive("burst", burst);
    }
}
