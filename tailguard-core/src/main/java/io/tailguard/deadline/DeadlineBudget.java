package io.tailguard.deadline;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) deadline budget: a request that started at {@code startNanos} must be answered
 * within {@code budget}; a downstream attempt is only started if at least {@code floor} is left
 * (less would be spent on a call whose answer comes too late), and it is given no longer than what is
 * left. Holds no clock: times come in as arguments.
 *
 * @param budget the whole request's time, positive
 * @param floor  the least time worth starting an attempt with, at least 0
 */
public record DeadlineBudget(Duration budget, Duration floor) {

    /** Validates every field. */
    public DeadlineBudget {
        Check.positive("budget", budget);
        Check.nonNegative("floor", floor);
    }

    /** Returns true if an attempt may start at {@code nowNanos} for a request that started at {@code startNanos}. */
    public boolean allowsAttempt(long nowNanos, long startNanos) {
        return nowNanos - startNanos + floor.toNanos() <= budget.toNanos();
    }

    /** Returns the time left at {@code nowNanos}, never negative. */
    public long remainingNanos(long nowNanos, long startNanos) {
        return Math.max(0L, startNanos + budget.toNanos() - nowNanos);
    }

    /**
     * Returns the timeout to give an attempt starting at {@code nowNanos}: the per-call timeout, cut to
     * the time left.
     */
    public long attemptTimeoutNanos(long nowNanos, long startNanos, long perCallTimeoutNanos) {
        return Math.min(perCallTimeoutNanos, remainingNanos(nowNanos, startNanos));
    }
}
