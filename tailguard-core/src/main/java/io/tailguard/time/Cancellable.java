package io.tailguard.time;

/** Handle to a scheduled task. Thread-safe. */
@FunctionalInterface
public interface Cancellable {

    /**
     * Prevents the task from running if it has not started.
     *
     * @return true if this call cancelled the task; false if it already ran or was cancelled
     */
    boolean cancel();
}
