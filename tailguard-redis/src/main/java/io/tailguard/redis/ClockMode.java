package io.tailguard.redis;

/**
 * Thread-safe (immutable): where a Redis token bucket reads the time that refills it.
 */
public enum ClockMode {
    /**
     * Redis's own {@code TIME}, read inside the script: every client agrees however skewed their
     * clocks are. The caller's {@code nowNanos} then only drives the local fallback. The default.
     */
    REDIS,
    /**
     * The caller's {@code nowNanos}, sent with each decision: for the simulator and for tests that
     * replay a sequence. All callers must share one clock, and it must not run slower than real time
     * (key expiry in Redis is real time).
     */
    CALLER
}
