package io.tailguard.admission;

import io.tailguard.time.NanoClock;
import java.util.Arrays;
import java.util.List;

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

    /**
     * Returns one policy that asks {@code gates} in order and admits only if all of them do, for
     * example {@code AdmissionPolicy.chain(limiter, rateGate)}. Its permit completes every gate's
     * permit, last gate first; when a gate refuses, the permits already taken are given back with
     * {@link Permit#onIgnore()} and that gate's rejection is returned. Put rate gates last: a token
     * once taken is not given back, so a rate gate asked before a refusing limiter would lose one.
     * Thread-safe if the gates are; allocates nothing per decision.
     */
    static AdmissionPolicy chain(AdmissionPolicy... gates) {
        if (gates == null) {
            throw new IllegalArgumentException("gates must be non-null but was null");
        }
        return chain(Arrays.asList(gates));
    }

    /** Returns {@link #chain(AdmissionPolicy...)} of the gates in {@code gates}, in list order. */
    static AdmissionPolicy chain(List<? extends AdmissionPolicy> gates) {
        return gates != null && gates.size() == 1 && gates.get(0) != null ? gates.get(0) : new AdmissionChain(gates);
    }
}
