package io.tailguard.journal;

/**
 * Thread-safe (immutable): what an append waiting for a replica's acknowledgement does while no
 * replica is connected: down, refused by the handshake, or silent for
 * {@link JournalConfig#replicaTimeout()} with records outstanding (its connection is then closed).
 * A replica counts as down once an attempt to reach it failed, never merely because the first
 * attempt after open has not finished yet.
 */
public enum ReplicaDownAction {
    /** Wait: the record commits once a replica reconnects and catches up. */
    WAIT,
    /** Fail: pending and new appends fail with {@link ReplicaUnavailableException}. */
    FAIL
}
