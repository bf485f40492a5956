package io.tailguard.limit;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) configuration of a {@link VegasLimit}. Defaults ({@link #defaults()}) follow Netflix
 * concurrency-limits: initial 20, max 1000, smoothing 1.0, probe multiplier 30.
 *
 * @param initialLimit    the limit before any sample, between 1 and {@code maxLimit}
 * @param maxLimit        the ceiling, at least 1
 * @param smoothing       weight of the new estimate against the old one, in (0, 1]
 * @param probeMultiplier the no-load RTT is re-measured after about {@code probeMultiplier × limit}
 *                        samples (times a seeded jitter in [0.5, 1)), at least 1
 */
public record VegasLimitConfig(int initialLimit, int maxLimit, double smoothing, int probeMultiplier) {

    /** Validates every field. */
    public VegasLimitConfig {
        Check.positive("maxLimit", maxLimit);
        Check.inRange("initialLimit", initialLimit, 1, maxLimit);
        if (!(smoothing > 0.0 && smoothing <= 1.0)) {
            throw new IllegalArgumentException("smoothing must be > 0 and <= 1 but was " + smoothing);
        }
        Check.positive("probeMultiplier", probeMultiplier);
    }

    /** Returns the defaults: initial 20, max 1000, smoothing 1.0, probe multiplier 30. */
    public static VegasLimitConfig defaults() {
        return new VegasLimitConfig(20, 1000, 1.0, 30);
    }
}
