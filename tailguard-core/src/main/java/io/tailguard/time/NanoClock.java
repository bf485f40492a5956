package io.tailguard.time;

/**
 * Thread-safe source of monotonic nanoseconds. The value has no relation to wall time; only
 * differences between two readings mean anything.
 *
 * <p>Policies never hold a clock: they take {@code nowNanos} as an argument, so that a request
 * passing three gates reads the clock once. Callers read a {@code NanoClock}.
 */
@FunctionalInterface
public interface NanoClock {

    /** Returns the current monotonic time in nanoseconds. */
    long nanoTime();

    /** Returns the clock backed by {@link System#nanoTime()}. */
    static NanoClock system() {
        return SystemNanoClock.INSTANCE;
    }
}
