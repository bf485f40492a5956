package io.tailguard.limit;

/**
 * Not thread-safe: a concurrency-limit estimator, a pure function of the samples it is fed. The
 * {@link ConcurrencyLimiter} that owns it serializes every call to {@link #update}, except to a
 * loss-only {@link AimdLimit}, which is safe to feed from several threads at once; it first offers
 * each sample to {@link #updateIfQuiet}, which is called without a lock. It never reads a clock;
 * time comes in as {@code nowNanos}, so the simulator and a live server run the same estimator.
 */
public interface Limit {

    /**
     * Learns from one completed request and returns the new limit.
     *
     * @param nowNanos  when the request completed
     * @param rttNanos  how long it took, from acquire to completion
     * @param inFlight  requests in flight when it was admitted (itself included)
     * @param dropped   true if it ended in a way that signals overload (timeout, rejection downstream)
     * @return the limit to enforce from now on, between 1 and {@link #maxLimit()}
     */
    int update(long nowNanos, long rttNanos, int inFlight, boolean dropped);

    /**
     * Thread-safe, concurrently with itself and with {@link #update} (whose callers serialize only
     * among themselves): learns from a sample that changes no limit, without a lock, and returns
     * true; returns false, having changed nothing, for a sample that must go to {@link #update}.
     * Either way the sample lands as if fed alone, in some order with the others. The default
     * takes none.
     *
     * @param nowNanos  when the request completed
     * @param rttNanos  how long it took, from acquire to completion
     * @param inFlight  requests in flight when it was admitted (itself included)
     * @param dropped   true if it ended in a way that signals overload
     * @return true if the sample was taken, false if it must go to {@link #update}
     */
    default boolean updateIfQuiet(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        return false;
    }

    /** Returns the current limit, between 1 and {@link #maxLimit()}. */
    int limit();

    /** Returns the largest limit this estimator can ever return; enforcers size their permit tables by it. */
    int maxLimit();

    /**
     * Returns false for a limit that never moves, so that an enforcer need not time requests or
     * feed it samples; true (the default) for an estimator that learns.
     */
    default boolean adapts() {
        return true;
    }
}
