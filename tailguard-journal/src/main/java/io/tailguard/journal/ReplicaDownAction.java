package io.tailguard.journal;

/** Thread-safe (immutable): what an append waiting for a replica's acknowledgement does while no replica is connected. */
public enum ReplicaDownAction {
    /** Wait: the record commits once a replica reconnects and catches up. */
    WAIT,
    /** Fail: pending and new appends fail with {@link ReplicaUnavailableException}. */
    FAIL
}
