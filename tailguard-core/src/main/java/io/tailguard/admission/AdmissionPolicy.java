package io.tailguard.admission;

import io.tailguard.time.NanoClock;

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

    /**
     * Decides with the time read from {@code clock}, for a caller that has not read the clock yet.
     * The default reads it first. A policy that can refuse without knowing the time (a concurrency
     * limit) reads it only when it admits, so that a refusal costs no clock read.
     */
    default Decision tryAcquire(NanoClock clock) {
        return tryAcquire(clock.nanoTime());
    }
}
