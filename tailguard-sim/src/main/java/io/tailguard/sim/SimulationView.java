package io.tailguard.sim;

/** Not thread-safe live view of a running simulation, valid inside listener callbacks. */
public interface SimulationView {

    /** Returns the current virtual time in nanoseconds. */
    long nowNanos();

    /** Returns the number of jobs waiting in the station's queue. */
    int queueDepth();

    /** Returns the number of jobs in service. */
    int inService();

    /** Returns the number of jobs in the station: waiting plus in service. */
    int inSystem();
}
