package io.tailguard.servlet;

import io.tailguard.admission.Permit;
import io.tailguard.path.Completion;

/** How a request ended, as the permit it held must hear it. Immutable. */
enum Outcome {
    /** Served: its latency is a sample for adaptive limits. */
    SUCCESS,
    /** Failed with a server error or an exception: an overload signal. */
    DROPPED,
    /** Ended in a way that says nothing about capacity (the client left). */
    IGNORED;

    /** A 5xx status is an overload signal; anything else a success. */
    static Outcome ofStatus(int status) {
        return status >= 500 ? DROPPED : SUCCESS;
    }

    /** Returns this outcome as the decision path hears it. */
    Completion completion() {
        return switch (this) {
            case SUCCESS -> Completion.SUCCESS;
            case DROPPED -> Completion.DROPPED;
            case IGNORED -> Completion.IGNORED;
        };
    }

    void complete(Permit permit, long nowNanos) {
        switch (this) {
            case SUCCESS -> permit.onSuccess(nowNanos);
            case DROPPED -> permit.onDropped(nowNanos);
            default -> permit.onIgnore();
        }
    }
}
