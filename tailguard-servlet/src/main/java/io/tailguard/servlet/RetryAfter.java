package io.tailguard.servlet;

/** Thread-safe (stateless): turns a wait into the whole seconds {@code Retry-After} carries. */
final class RetryAfter {

    private static final long SECOND_NANOS = 1_000_000_000L;

    private RetryAfter() {
    }

    /** Rounds {@code waitNanos} up to whole seconds, at least 1, so a client never comes back early. */
    static long seconds(long waitNanos) {
        long whole = waitNanos / SECOND_NANOS;
        return Math.max(1L, waitNanos % SECOND_NANOS > 0 ? whole + 1 : whole);
    }
}
