package io.tailguard.journal;

/**
 * Thread-safe (immutable): thrown (or completes a future) when the commit mode needs a replica's acknowledgement, no
 * replica is connected and {@link ReplicaDownAction#FAIL} is configured. A record that was
 * written before the failure stays in the journal and is replicated once a replica catches up.
 */
public final class ReplicaUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public ReplicaUnavailableException(String message) {
        super(message);
    }
}
