package io.tailguard.breaker;

/**
 * Thread-safe contract for observers of a {@link CircuitBreaker}'s state changes. Called under the
 * breaker's lock, in transition order; keep it short and never call back into the breaker.
 */
@FunctionalInterface
public interface TransitionListener {

    /** A listener that ignores every transition. */
    TransitionListener NONE = (nowNanos, from, to) -> { };

    /** The breaker went from {@code from} to {@code to} at {@code nowNanos}. */
    void onTransition(long nowNanos, BreakerState from, BreakerState to);
}
