package io.tailguard.limit;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of an {@link AimdLimit}. Defaults ({@link #defaults()}) follow Netflix
 * concurrency-limits: initial 20, min 20, max 200, backoff 0.9, timeout 5 s.
 *
 * @param initialLimit the limit before any sample, between {@code minLimit} and {@code maxLimit}
 * @param minLimit     the floor, at least 1
 * @param maxLimit     the ceiling, at least {@code minLimit}
 * @param backoffRatio the factor applied on a drop, in [0.5, 1)
 * @param timeout      a sample slower than this counts as a drop, greater than zero
 */
public record AimdLimitConfig(int initialLimit, int minLimit, int maxLimit, double backoffRatio,
                              Duration timeout) {

    /** Validates every field. */
    public AimdLimitConfig {
        Check.positive("minLimit", minLimit);
        Check.inRange("maxLimit", maxLimit, minLimit, Integer.MAX_VALUE);
        Check.inRange("initialLimit", initialLimit, minLimit, maxLimit);
        if (!(backoffRatio >= 0.5 && backoffRatio < 1.0)) {
            throw new IllegalArgumentException("backoffRatio must be >= 0.5 and < 1 but was " + backoffRatio);
        }
        Check.positive("timeout", timeout);
    }

    /** Returns the defaults: initial 20, min 20, max 200, backoff 0.9, timeout 5 s. */
    public static AimdLimitConfig defaults() {
        return new AimdLimitConfig(20, 20, 200, 0.9, Duration.ofSeconds(5));
    }
}
