package io.tailguard.journal;

/**
 * Thread-safe (immutable): thrown (or completes a future) when the commit mode needs a replica's
 * acknowledgement, no replica is connected and {@link ReplicaDownAction#FAIL} is configured.
 *
 * <p>It says whether its record was written. {@link #writtenSequence()} is 0 when the append was
 * refused before writing anything (the replica was already known to be down): append the record
 * again later. Otherwise the record was written with that sequence before the replica went away
 * (or before the first attempt to reach it failed); it stays in the journal and commits once a
 * replica acknowledges it, so a caller that retries waits for it with
 * {@link Journal#awaitCommitted(long)} instead of appending it again, which would store it twice.
 */
public final class ReplicaUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long writtenSequence;

    /** Creates the exception for an append that wrote nothing. */
    public ReplicaUnavailableException(String message) {
        this(message, 0);
    }

    /** Creates the exception for the record written with {@code writtenSequence}, or for none when it is 0. */
    public ReplicaUnavailableException(String message, long writtenSequence) {
        super(message);
        if (writtenSequence < 0) {
            throw new IllegalArgumentException("writtenSequence must be >= 0 but was " + writtenSequence);
        }
        this.writtenSequence = writtenSequence;
    }

    /** Returns the sequence of the record this failure is about when it was written, or 0 when nothing was written. */
    public long writtenSequence() {
        return writtenSequence;
    }

    /** Returns true when the record was written ({@link #writtenSequence()} is its sequence): do not append it again. */
    public boolean written() {
        return writtenSequence > 0;
    }
}
