package io.tailguard.cli;

/** A user mistake found after parsing (for example an unwritable output directory); exit code 2. */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with a one-line message naming the flag, the value and what is allowed. */
    public UsageException(String message) {
        super(message);
    }
}
