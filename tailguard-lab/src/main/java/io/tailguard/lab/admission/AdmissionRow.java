package io.tailguard.lab.admission;

/**
 * Thread-safe (immutable) outcome of one admission-control run.
 *
 * @param limit         the in-system limit, {@link AdmissionModel#NO_LIMIT} for none
 * @param offeredRps    arrivals per second
 * @param goodputRps    on-time completions per second
 * @param rejectPct     share of arrivals rejected at the door
 * @param servedLatePct share of arrivals served past the deadline
 * @param p99Ms         p99 sojourn of served requests
 * @param utilPct       share of the window the server was busy (capped at 100)
 */
record AdmissionRow(int limit, double offeredRps, double goodputRps, double rejectPct, double servedLatePct,
                    long p99Ms, double utilPct) {

    String limitLabel() {
        return limit == AdmissionModel.NO_LIMIT ? "none" : Integer.toString(limit);
    }
}
