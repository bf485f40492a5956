package io.tailguard.lab;

/**
 * Thread-safe (immutable) report of a user mistake in lab arguments (bad flag value, unwritable
 * output directory). The message is one line naming the flag, the value and what is allowed. It
 * extends {@link IllegalArgumentException} so that the command line maps it to exit code 2.
 */
public final class LabUsageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with its one-line message. */
    public LabUsageException(String message) {
        super(message);
    }

    /** Creates the message "{@code flag} must be {@code allowed} but was '{@code value}'". */
    public static LabUsageException of(String flag, String allowed, String value) {
        return new LabUsageException(flag + " must be " + allowed + " but was '" + value + "'");
    }
}
