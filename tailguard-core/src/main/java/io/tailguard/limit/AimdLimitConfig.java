package io.tailguard.limit;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of an {@link AimdLimit}. Defaults ({@link #defaults()}) follow Netflix
 * concurrency-limits (initial 20, min 20, max 200, backoff 0.9, timeout 5 s) and add the latency
 * rule: back off when the short RTT average is over 2.5 times the baseline, re-measured each second.
 * The five-argument constructor keeps the loss-only behaviour ({@code rttTolerance} infinite).
 *
 * @param initialLimit   the limit before any sample, between {@code minLimit} and {@code maxLimit}
 * @param minLimit       the floor, at least 1
 * @param maxLimit       the ceiling, at least {@code minLimit}
 * @param backoffRatio   the factor applied on a drop, in [0.5, 1)
 * @param timeout        a sample slower than this counts as a drop, greater than zero
 * @param rttTolerance   how many times the baseline RTT the short RTT average may reach before the
 *                       limit backs off, at least 1; infinite turns the latency rule off
 * @param baselineWindow how often the baseline RTT is re-measured, greater than zero
 */
public record AimdLimitConfig(int initialLimit, int minLimit, int maxLimit, double backoffRatio,
                              Duration timeout, double rttTolerance, Duration baselineWindow) {

    /** The latency tolerance of {@link #defaults()}: the short RTT average may reach 2.5 times the baseline. */
    public static final double DEFAULT_RTT_TOLERANCE = 2.5;

    /** The window at which the baseline RTT is re-measured by default. */
    public static final Duration DEFAULT_BASELINE_WINDOW = Duration.ofSeconds(1);

    /** Validates every field. */
    public AimdLimitConfig {
        Check.positive("minLimit", minLimit);
        Check.inRange("maxLimit", maxLimit, minLimit, Integer.MAX_VALUE);
        Check.inRange("initialLimit", initialLimit, minLimit, maxLimit);
        if (!(backoffRatio >= 0.5 && backoffRatio < 1.0)) {
            throw new IllegalArgumentException("backoffRatio must be >= 0.5 and < 1 but was " + backoffRatio);
        }
        Check.positive("timeout", timeout);
        if (!(rttTolerance >= 1.0)) {
            throw new IllegalArgumentException("rttTolerance must be >= 1 but was " + rttTolerance);
        }
        Check.positive("baselineWindow", baselineWindow);
    }

    /** A loss-only configuration (no latency rule), as before the latency rule existed. */
    public AimdLimitConfig(int initialLimit, int minLimit, int maxLimit, double backoffRatio, Duration timeout) {
        this(initialLimit, minLimit, maxLimit, backoffRatio, timeout, Double.POSITIVE_INFINITY,
                DEFAULT_BASELINE_WINDOW);
    }

    /** Returns the defaults: initial 20, min 20, max 200, backoff 0.9, timeout 5 s, tolerance 2.5, window 1 s. */
    public static AimdLimitConfig defaults() {
        return new AimdLimitConfig(20, 20, 200, 0.9, Duration.ofSeconds(5), DEFAULT_RTT_TOLERANCE,
                DEFAULT_BASELINE_WINDOW);
    }
}
