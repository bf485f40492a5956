package io.tailguard.admission;

import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-safe tally of what a front door decided: requests admitted, and requests rejected per
 * {@link RejectReason}. The integrations (servlet filter, gRPC interceptor) record into one, and a
 * metrics binder reads it; counting is one {@link LongAdder} increment, so it allocates nothing
 * and threads rarely contend.
 */
public final class AdmissionCounts {

    private static final RejectReason[] REASONS = RejectReason.values();

    private final LongAdder admitted = new LongAdder();
    private final LongAdder[] rejected = new LongAdder[REASONS.length];

    /** Creates a tally at zero. */
    public AdmissionCounts() {
        for (int i = 0; i < rejected.length; i++) {
            rejected[i] = new LongAdder();
        }
    }

    /** Counts one decision: admitted if {@code decision} is a permit, else rejected with its reason. */
    public void record(Decision decision) {
        if (decision.isAdmitted()) {
            admitted.increment();
        } else {
            rejected[decision.reason().ordinal()].increment();
        }
    }

    /** Counts one request admitted. */
    public void admitted() {
        admitted.increment();
    }

    /** Counts one request rejected with {@code reason}. */
    public void rejected(RejectReason reason) {
        rejected[reason.ordinal()].increment();
    }

    /** Returns the requests admitted so far. */
    public long admittedCount() {
        return admitted.sum();
    }

    /** Returns the requests rejected with {@code reason} so far. */
    public long rejectedCount(RejectReason reason) {
        return rejected[reason.ordinal()].sum();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("AdmissionCounts[admitted=").append(admittedCount());
        for (RejectReason reason : REASONS) {
            long count = rejectedCount(reason);
            if (count > 0) {
                text.append(", ").append(reason).append('=').append(count);
            }
        }
        return text.append(']').toString();
    }
}
