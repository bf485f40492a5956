package io.tailguard.path;

/**
 * What a {@link DecisionPath} asks of the host that carries its decisions out: the proxy (sockets),
 * a servlet filter, a gRPC interceptor or the simulator. Commands are called on the thread that fed
 * the path the event (or the scheduler's thread for a timer); they must not call the path back
 * before returning: a host reports what happened next as a later event.
 *
 * <p>Every attempt the host was told to {@link #forward} must end with exactly one of
 * {@link DecisionPath#refused}, or {@link DecisionPath#ended} (after a {@link DecisionPath#responded}
 * or not), also after a {@link #cancel}.
 *
 * @param <R> the host's request type
 */
public interface PathHost<R> {

    /** Sends {@code request} to backend {@code backend} of the pool as attempt {@code attempt} (0 first). */
    void forward(R request, int backend, int attempt);

    /**
     * Answers {@code request} locally with {@code answer}'s status and reason, with
     * {@code Retry-After: retryAfterSeconds} when it is at least 1 (-1: no header).
     */
    void answer(R request, LocalAnswer answer, long retryAfterSeconds);

    /**
     * Abandons attempt {@code attempt}: nobody needs its response (the client left, another attempt
     * won, the response timed out). The host stops relaying it and, where it can, stops the backend.
     */
    void cancel(R request, int attempt);

    /**
     * Asks the host's shared gate (a route's bucket kept in Redis, say) whether {@code request} may go
     * on. The host answers later, never from inside this call, with {@link DecisionPath#gateAnswered};
     * meanwhile the path holds the request as it holds a queued one: its deadline answers it, and a
     * client that leaves withdraws it. Asked only of a host that entered the request through
     * {@link PathRoute#enterThroughGate}; the default refuses.
     *
     * @throws UnsupportedOperationException if the host has no shared gate
     */
    default void askGate(R request) {
        throw new UnsupportedOperationException("askGate must be implemented by a host that enters requests through a"
                + " shared gate but was not by " + getClass().getName());
    }

    /**
     * A note for the host's meters, not a command: {@code request} entered the queue. Called on the
     * thread that submitted it; the default does nothing.
     */
    default void queued(R request) {
    }

    /**
     * A note for the host's meters, not a command: a permit on backend {@code backend}, held for
     * {@code heldNanos}, was completed as {@code completion}. Called on the thread of the event that
     * completed it (a timer's for a response timeout); the default does nothing.
     */
    default void completed(int backend, long heldNanos, Completion completion) {
    }
}
