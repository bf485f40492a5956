package io.tailguard.hedge;

import java.util.concurrent.TimeoutException;

/**
 * Not thread-safe (an exception): the call's overall timeout passed before any attempt succeeded;
 * every attempt was cancelled. It carries no stack trace: it is raised on the scheduler's thread,
 * whose stack says nothing about the call, and an overloaded backend can make it frequent.
 */
public final class HedgeTimeoutException extends TimeoutException {

    private static final long serialVersionUID = 1L;

    private final long timeoutNanos;
    private final int attemptsStarted;

    /** Creates the exception for a call that started {@code attemptsStarted} attempts. */
    public HedgeTimeoutException(long timeoutNanos, int attemptsStarted) {
        this.timeoutNanos = timeoutNanos;
        this.attemptsStarted = attemptsStarted;
    }

    @Override
    public String getMessage() {
        return "no attempt succeeded within " + timeoutNanos / 1_000_000.0 + " ms ("
                + attemptsStarted + " started)";
    }

    /** Returns this exception without filling in a stack trace (see the class comment). */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** Returns the overall timeout in nanoseconds. */
    public long timeoutNanos() {
        return timeoutNanos;
    }

    /** Returns how many attempts the call had started when it timed out. */
    public int attemptsStarted() {
        return attemptsStarted;
    }
}
