package io.tailguard.admission;

/**
 * One gate in front of work: asked with the current time, it answers with a {@link Permit} or a
 * {@link Rejection}. Implementations say in their javadoc whether they are thread-safe; every
 * implementation in tailguard is, and allocates nothing on the decision path unless it says so.
 *
 * <p>A rejection consumes nothing. A permit counts against the policy until it is completed.
 */
@FunctionalInterface
public interface AdmissionPolicy {

    /**
     * Decides whether one request may go ahead at {@code nowNanos} (monotonic nanoseconds from the
     * caller's {@link io.tailguard.time.NanoClock}).
     */
    Decision tryAcquire(long nowNanos);
}
