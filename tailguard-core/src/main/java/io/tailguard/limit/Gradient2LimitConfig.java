package io.tailguard.limit;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link Gradient2Limit}. Defaults ({@link #defaults()}) follow Netflix
 * concurrency-limits (initial 20, min 20, max 200, smoothing 0.2, tolerance 1.5, queue 4) except
 * {@code dropBackoffRatio} 0.9: Netflix ignores drops (its issue #176); set 1.0 to
 * do the same.
 *
 * @param initialLimit     the limit before any sample, between {@code minLimit} and {@code maxLimit}
 * @param minLimit         the floor, at least 1
 * @param maxLimit         the ceiling, at least {@code minLimit}
 * @param smoothing        weight of the new estimate against the old one, in (0, 1]
 * @param rttTolerance     how much slower than the baseline RTT a sample may be before the limit
 *                         shrinks, at least 1
 * @param queueSize        headroom added to the limit each update, at least 0
 * @param dropBackoffRatio factor applied to the limit on a drop, in [0.5, 1] (1 ignores drops)
 * @param baselineWindow   how often the baseline RTT is re-measured, greater than zero (default 1 s)
 */
public record Gradient2LimitConfig(int initialLimit, int minLimit, int maxLimit, double smoothing,
                                   double rttTolerance, int queueSize, double dropBackoffRatio,
                                   Duration baselineWindow) {

    /** Validates every field. */
    public Gradient2LimitConfig {
        Check.positive("minLimit", minLimit);
        Check.inRange("maxLimit", maxLimit, minLimit, Integer.MAX_VALUE);
        Check.inRange("initialLimit", initialLimit, minLimit, maxLimit);
        if (!(smoothing > 0.0 && smoothing <= 1.0)) {
            throw new IllegalArgumentException("smoothing must be > 0 and <= 1 but was " + smoothing);
        }
        if (!(rttTolerance >= 1.0 && rttTolerance < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("rttTolerance must be >= 1 and finite but was " + rttTolerance);
        }
        Check.inRange("queueSize", queueSize, 0, Integer.MAX_VALUE);
        Check.inRange("dropBackoffRatio", dropBackoffRatio, 0.5, 1.0);
        Check.positive("baselineWindow", baselineWindow);
    }

    /** A configuration whose baseline RTT is re-measured every second. */
    public Gradient2LimitConfig(int initialLimit, int minLimit, int maxLimit, double smoothing, double rttTolerance,
                                int queueSize, double dropBackoffRatio) {
        this(initialLimit, minLimit, maxLimit, smoothing, rttTolerance, queueSize, dropBackoffRatio,
                AimdLimitConfig.DEFAULT_BASELINE_WINDOW);
    }

    /** Returns the defaults described in the class javadoc. */
    public static Gradient2LimitConfig defaults() {
        return new Gradient2LimitConfig(20, 20, 200, 0.2, 1.5, 4, 0.9);
    }
}
