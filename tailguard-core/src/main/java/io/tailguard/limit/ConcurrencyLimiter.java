package io.tailguard.limit;

import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.RejectReason;

/**
 * Thread-safe enforcer of a concurrency limit: admits a request while fewer than {@link #limit()}
 * are in flight, rejects with {@link RejectReason#CONCURRENCY_LIMITED} otherwise. Built by
 * {@link #of(Limit)} (or {@link #fixed(int)}), which picks the enforcer that suits the estimator:
 *
 * <ul>
 *   <li>a limit that never moves, of at most 4,096, gets a gate whose permits are the capacity: one
 *       per unit of the limit, taken by one CAS on a bit and freed by one atomic OR, with no counter
 *       that every request updates; it never reads the clock;
 *   <li>any other limit gets an in-flight counter checked and incremented by one CAS, pooled
 *       permits that remember when each request started, and one sample
 *       {@code (now, rtt, inFlight, dropped)} fed to the estimator per permit completed with
 *       success or dropped.
 * </ul>
 *
 * <p>Either way, follow the {@link io.tailguard.admission.Permit} rule: never touch a permit after
 * completing it, since a later request may be holding the same object.
 */
public sealed interface ConcurrencyLimiter extends AdmissionPolicy
        permits FixedConcurrencyGate, AdaptiveConcurrencyLimiter {

    /**
     * Returns a limiter enforcing the limit {@code estimator} computes; it takes ownership of the
     * estimator, which must not be shared with another limiter.
     */
    static ConcurrencyLimiter of(Limit estimator) {
        if (estimator == null) {
            throw new IllegalArgumentException("estimator must be non-null but was null");
        }
        if (!estimator.adapts() && estimator.limit() <= FixedConcurrencyGate.MAX_LIMIT) {
            return new FixedConcurrencyGate(estimator.limit());
        }
        return new AdaptiveConcurrencyLimiter(estimator);
    }

    /** Returns a limiter with a {@link FixedLimit} of {@code limit}: a plain load shedder. */
    static ConcurrencyLimiter fixed(int limit) {
        return of(FixedLimit.of(limit));
    }

    /** Returns the number of requests admitted and not yet completed. */
    int inFlight();

    /** Returns the limit currently enforced. */
    int limit();

    /**
     * Returns true if the limit learns from completions, so its permits need the real time of
     * admission and completion; false for a fixed limit, whose permits ignore the time given (a
     * caller may then pass any time and skip reading its clock).
     */
    boolean adapts();
}
