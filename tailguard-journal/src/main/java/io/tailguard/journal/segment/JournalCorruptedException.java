package io.tailguard.journal.segment;

/** Thread-safe (immutable): thrown when a journal cannot be opened because a record before its tail is corrupt. */
public final class JournalCorruptedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with the scan summary as its message. */
    public JournalCorruptedException(String message) {
        super(message);
    }
}
