package io.tailguard.breaker;

/** Thread-safe (immutable) kind of sliding window a {@link CircuitBreaker} judges its calls over. */
public enum WindowType {
    /** The last {@code windowSize} calls. */
    COUNT_BASED,
    /** The calls of the last {@code windowSize} seconds, in one-second buckets. */
    TIME_BASED
}
