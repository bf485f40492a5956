package io.tailguard.admission;

/**
 * Permission to run one request. Complete it exactly once, when the request ends, with one of
 * {@link #onSuccess}, {@link #onDropped} or {@link #onIgnore}; the limiter that issued it counts the
 * request in flight until then. A second completion of the same permit is ignored, but a permit must
 * not be used after completion: pooling limiters may hand the same object to a later request.
 *
 * <p>Implementations are thread-safe: a permit may be completed on a different thread from the one
 * that acquired it.
 */
public non-sealed interface Permit extends Decision {

    /** The request completed normally; its latency is a valid sample for adaptive limits. */
    void onSuccess(long nowNanos);

    /**
     * The request failed in a way that signals overload (timeout, rejection downstream); adaptive
     * limits treat it as a drop.
     */
    void onDropped(long nowNanos);

    /** The request ended in a way that says nothing about capacity (for example a client error). */
    void onIgnore();

    @Override
    default boolean isAdmitted() {
        return true;
    }

    @Override
    default Permit permit() {
        return this;
    }

    @Override
    default RejectReason reason() {
        return null;
    }

    /**
     * Returns the shared permit of gates that keep no per-request state (rate gates): its
     * completions do nothing, so handing it out allocates nothing.
     */
    static Permit noop() {
        return NoopPermit.INSTANCE;
    }
}
