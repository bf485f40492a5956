package io.tailguard.balance;

/**
 * Chooses the backend for the next request among {@link #size()} backends numbered from 0.
 * Implementations are thread-safe and allocate nothing per pick.
 */
public interface Balancer {

    /** Returns the index of the backend for a request sent at {@code nowNanos}. */
    int pick(long nowNanos);

    /** Returns the number of backends. */
    int size();

    /**
     * Tells the balancer that a request sent to {@code backend} at some earlier time ended at
     * {@code nowNanos} after {@code latencyNanos}; {@code success} is false for errors and
     * rejections. Balancers that do not learn from outcomes ignore it.
     */
    default void onComplete(long nowNanos, int backend, long latencyNanos, boolean success) {
    }
}
