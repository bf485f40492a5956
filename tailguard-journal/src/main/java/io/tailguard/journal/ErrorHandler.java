package io.tailguard.journal;

/** Receives errors from the journal's background threads; must not throw. */
@FunctionalInterface
public interface ErrorHandler {

    /** Reports {@code message} with its cause (may be null). */
    void onError(String message, Throwable cause);

    /** Returns a handler that logs through {@link System.Logger} at WARNING. */
    static ErrorHandler logging() {
        System.Logger log = System.getLogger("io.tailguard.journal");
        return (message, cause) -> log.log(System.Logger.Level.WARNING, message, cause);
    }
}
