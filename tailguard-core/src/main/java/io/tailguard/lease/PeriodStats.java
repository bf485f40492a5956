package io.tailguard.lease;

/** Not thread-safe holder of one period's responder statistics (requests admitted in the period), reused from period to period. */
final class PeriodStats {
    int accepted;
    int rejected;
    int overCap;
    int completedWithinTarget;
    int completedLate;
    int dropped;
    long maxCompletedLatencyNanos;
    int inFlight;
    long meanInFlightAgeNanos;
    int peakInFlight;

    /** The period's latency: the slowest completion, or the mean age of what still runs if higher. */
    long latencyNanos() {
        return Math.max(maxCompletedLatencyNanos, meanInFlightAgeNanos);
    }

    @Override
    public String toString() {
        return "PeriodStats[accepted=" + accepted + ", rejected=" + rejected + ", fast="
                + completedWithinTarget + ", late=" + completedLate + ", dropped=" + dropped
                + ", maxLatencyNanos=" + maxCompletedLatencyNanos + ", inFlight=" + inFlight
                + ", meanAgeNanos=" + meanInFlightAgeNanos + ", peakInFlight=" + peakInFlight + "]";
    }
}
