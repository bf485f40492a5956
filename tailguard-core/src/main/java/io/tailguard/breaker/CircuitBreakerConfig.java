package io.tailguard.breaker;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link CircuitBreaker}, named as Resilience4j names its
 * fields so a user can carry a configuration across.
 *
 * @param windowType             count-based (last N calls) or time-based (last N seconds)
 * @param windowSize             calls or seconds in the sliding window, at least 1
 * @param minimumCalls           calls the window must hold before a rate is judged, at least 1
 * @param failureRateThreshold   percent of failed calls that opens the breaker, in (0, 100]
 * @param slowCallRateThreshold  percent of slow calls that opens the breaker, in (0, 100]
 * @param slowCallDuration       a call taking at least this long is slow, positive
 * @param waitInOpen             how long the breaker stays open before probing, positive
 * @param permittedHalfOpenCalls probe calls let through when half-open, at least 1
 */
public record CircuitBreakerConfig(
        WindowType windowType,
        int windowSize,
        int minimumCalls,
        double failureRateThreshold,
        double slowCallRateThreshold,
        Duration slowCallDuration,
        Duration waitInOpen,
        int permittedHalfOpenCalls) {

    /** A slow-call duration no real call reaches, which switches the slow-call rule off. */
    public static final Duration NEVER_SLOW = Duration.ofDays(365);

    /** Validates every field. */
    public CircuitBreakerConfig {
        Check.notNull("windowType", windowType);
        Check.positive("windowSize", windowSize);
        Check.positive("minimumCalls", minimumCalls);
        checkPercent("failureRateThreshold", failureRateThreshold);
        checkPercent("slowCallRateThreshold", slowCallRateThreshold);
        Check.positive("slowCallDuration", slowCallDuration);
        Check.positive("waitInOpen", waitInOpen);
        Check.positive("permittedHalfOpenCalls", permittedHalfOpenCalls);
        if (windowType == WindowType.COUNT_BASED && minimumCalls > windowSize) {
            throw new IllegalArgumentException("minimumCalls must be <= windowSize (" + windowSize
                    + ") for a count-based window but was " + minimumCalls);
        }
    }

    /**
     * Returns a count-based configuration judged on failures only (slow calls never open it).
     *
     * @param windowSize           the last N calls
     * @param minimumCalls         calls needed before the failure rate is judged
     * @param failureRateThreshold percent of failures that opens it
     * @param waitInOpen           time open before probing
     * @param probes               half-open probe calls
     */
    public static CircuitBreakerConfig countBased(int windowSize, int minimumCalls, double failureRateThreshold,
            Duration waitInOpen, int probes) {
        return new CircuitBreakerConfig(WindowType.COUNT_BASED, windowSize, minimumCalls, failureRateThreshold,
                100.0, NEVER_SLOW, waitInOpen, probes);
    }

    /** Returns this configuration with a slow-call rule: calls of at least {@code duration} are slow. */
    public CircuitBreakerConfig withSlowCalls(double rateThreshold, Duration duration) {
        return new CircuitBreakerConfig(windowType, windowSize, minimumCalls, failureRateThreshold, rateThreshold,
                duration, waitInOpen, permittedHalfOpenCalls);
    }

    /** Returns this configuration with a time-based window of {@code seconds} one-second buckets. */
    public CircuitBreakerConfig withTimeWindow(int seconds) {
        return new CircuitBreakerConfig(WindowType.TIME_BASED, seconds, minimumCalls, failureRateThreshold,
                slowCallRateThreshold, slowCallDuration, waitInOpen, permittedHalfOpenCalls);
    }

    private static void checkPercent(String name, double value) {
        if (!(value > 0.0 && value <= 100.0)) {
            throw new IllegalArgumentException(name + " must be in (0, 100] but was " + value);
        }
    }
}
