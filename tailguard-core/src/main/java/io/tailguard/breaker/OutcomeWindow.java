package io.tailguard.breaker;

/**
 * Not thread-safe sliding window of call outcomes (the {@link CircuitBreaker} guards it). Totals are
 * kept incrementally: a call or bucket that leaves the window is subtracted as it leaves, so reading
 * the rates is O(1).
 */
abstract class OutcomeWindow {

    int calls;
    int failures;
    int slow;

    static OutcomeWindow of(CircuitBreakerConfig config) {
        return config.windowType() == WindowType.COUNT_BASED
                ? new CountWindow(config.windowSize())
                : new TimeWindow(config.windowSize());
    }

    /** Adds one outcome seen at {@code nowNanos}, evicting what has left the window. */
    abstract void record(long nowNanos, boolean failed, boolean wasSlow);

    /** Evicts what has left the window by {@code nowNanos} (a no-op for a count window). */
    abstract void advance(long nowNanos);

    /** Whether recording an outcome needs its time (a time window does; a count window does not). */
    abstract boolean timed();

    /** Forgets every outcome. */
    abstract void clear();
}
