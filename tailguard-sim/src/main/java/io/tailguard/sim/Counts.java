package io.tailguard.sim;

import io.tailguard.admission.RejectReason;

/**
 * Immutable request counters of a run or an interval. Every arrival is either rejected (by a
 * gate or a full queue) or accepted; an accepted request is later completed, shed by its queue,
 * or still in the station when the run stops.
 */
public final class Counts {

    private final long arrivals;
    private final long accepted;
    private final long completed;
    private final long[] rejected;
    private final long[] shed;

    Counts(long arrivals, long accepted, long completed, long[] rejected, long[] shed) {
        this.arrivals = arrivals;
        this.accepted = accepted;
        this.completed = completed;
        this.rejected = rejected.clone();
        this.shed = shed.clone();
    }

    /** Returns the number of requests that arrived. */
    public long arrivals() {
        return arrivals;
    }

    /** Returns the number of requests that passed every gate and entered the station. */
    public long accepted() {
        return accepted;
    }

    /** Returns the number of requests that finished service. */
    public long completed() {
        return completed;
    }

    /** Returns the number of requests refused on arrival for {@code reason}. */
    public long rejected(RejectReason reason) {
        return rejected[reason.ordinal()];
    }

    /** Returns the number of requests refused on arrival, all reasons. */
    public long rejected() {
        return sum(rejected);
    }

    /** Returns the number of accepted requests the queue dropped unserved for {@code reason}. */
    public long shed(RejectReason reason) {
        return shed[reason.ordinal()];
    }

    /** Returns the number of accepted requests the queue dropped unserved, all reasons. */
    public long shed() {
        return sum(shed);
    }

    private static long sum(long[] byReason) {
        long total = 0;
        for (long count : byReason) {
            total += count;
        }
        return total;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder()
                .append("arrivals=").append(arrivals)
                .append(" accepted=").append(accepted)
                .append(" completed=").append(completed)
                .append(" rejected=").append(rejected());
        for (RejectReason reason : RejectReason.values()) {
            if (rejected[reason.ordinal()] > 0) {
                sb.append(' ').append(reason).append('=').append(rejected[reason.ordinal()]);
            }
        }
        sb.append(" shed=").append(shed());
        for (RejectReason reason : RejectReason.values()) {
            if (shed[reason.ordinal()] > 0) {
                sb.append(' ').append(reason).append('=').append(shed[reason.ordinal()]);
            }
        }
        return sb.toString();
    }
}
