package io.tailguard.admission;

/**
 * The outcome of {@link AdmissionPolicy#tryAcquire}: either a {@link Permit} to go ahead or a
 * {@link Rejection} with its reason. Immutable from the caller's point of view.
 */
public sealed interface Decision permits Permit, Rejection {

    /** Returns true if the request may go ahead; then this decision is a {@link Permit}. */
    boolean isAdmitted();

    /** Returns this decision as a permit; throws {@link IllegalStateException} if rejected. */
    Permit permit();

    /** Returns the reason for a rejection, or {@code null} if admitted. */
    RejectReason reason();
}
