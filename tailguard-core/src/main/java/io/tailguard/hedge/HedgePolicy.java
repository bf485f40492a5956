package io.tailguard.hedge;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Thread-safe (immutable) configuration of a {@link Hedger}.
 *
 * @param maxAttempts attempts per call including the first; 1 to 5 (1 disables hedging but keeps
 *     the timeout)
 * @param delay when the k-th extra attempt (attempt k + 1) starts: {@code k ×} the delay after the
 *     first attempt, or at once when every attempt so far failed with a retriable error
 * @param timeout the call fails with a {@link HedgeTimeoutException} this long after it began; &gt; 0
 * @param budget caps extra attempts as a share of calls; empty for no cap
 * @param retriable which attempt errors let the call go on with the next attempt; any other error
 *     fails the call at once
 */
public record HedgePolicy(
        int maxAttempts,
        HedgeDelay delay,
        Duration timeout,
        Optional<HedgeBudget> budget,
        Predicate<? super Throwable> retriable) {

    /** The most attempts a call may make (gRPC caps hedging at 5 too). */
    public static final int MAX_ATTEMPTS = 5;

    /** Validates the parameters. */
    public HedgePolicy {
        Check.inRange("maxAttempts", maxAttempts, 1, MAX_ATTEMPTS);
        Check.notNull("delay", delay);
        Check.positive("timeout", timeout);
        Check.notNull("budget", budget);
        Check.notNull("retriable", retriable);
    }

    /**
     * The published hedging article's speculative task: {@code maxAttempts} attempts, attempt k + 1
     * at {@code k × patience}, every error retriable, no budget.
     */
    public static HedgePolicy speculative(int maxAttempts, Duration patience, Duration timeout) {
        return new HedgePolicy(maxAttempts, HedgeDelay.fixed(patience), timeout, Optional.empty(),
                error -> true);
    }

    /** Returns this policy with any delay. */
    public HedgePolicy withDelay(HedgeDelay newDelay) {
        return new HedgePolicy(maxAttempts, newDelay, timeout, budget, retriable);
    }

    /** Returns this policy capped by {@code newBudget}. */
    public HedgePolicy withBudget(HedgeBudget newBudget) {
        return new HedgePolicy(maxAttempts, delay, timeout, Optional.of(newBudget), retriable);
    }

    /** Returns this policy with another test of which errors are retriable. */
    public HedgePolicy withRetriable(Predicate<? super Throwable> newRetriable) {
        return new HedgePolicy(maxAttempts, delay, timeout, budget, newRetriable);
    }
}
