package io.tailguard.sim;

import io.tailguard.admission.Permit;

/**
 * Not thread-safe handle on one simulated request while it is inside a station: its id and
 * arrival time. Jobs are preallocated and recycled by the engine, so a queue may hold a job only
 * until it hands it back (poll or shed); never keep a reference after that.
 */
public final class StationJob {

    final int slot;
    long id;
    long arrivalNanos;
    long startNanos;
    /** The station's permit while the job is inside, from all its gates at once. */
    Permit permit;

    StationJob(int slot) {
        this.slot = slot;
    }

    /** Returns the request's id: 0, 1, 2, … in arrival order within a run. */
    public long id() {
        return id;
    }

    /** Returns the virtual time at which the request arrived, in nanoseconds. */
    public long arrivalNanos() {
        return arrivalNanos;
    }

    @Override
    public String toString() {
        return "Job[" + id + " arrived " + arrivalNanos + "ns]";
    }
}
