package io.tailguard.journal;

/** Thread-safe (immutable): thrown by a {@link Tailer} instead of ever returning a record whose checksum or sequence is wrong. */
public final class CorruptRecordException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception naming the file, the byte position and the reason. */
    public CorruptRecordException(String message) {
        super(message);
    }
}
