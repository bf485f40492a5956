package io.tailguard.artifacts;

/**
 * Thread-safe (immutable) report that an output directory cannot be written. The message is one
 * line, "--output-dir must be a writable directory but was '...' (why)". It extends
 * {@link IllegalArgumentException}: a command line maps it to its usage error.
 */
public final class OutputDirException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with its one-line message. */
    public OutputDirException(String message) {
        super(message);
    }
}
