package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of hedging: after {@code delay} without a response head, a second
 * attempt goes to another server; the first response wins and the loser's exchange is closed.
 *
 * @param delay         patience before the hedge, greater than zero
 * @param budgetPercent hedges may add at most this share of the requests, in (0, 100]
 */
public record HedgeConfig(Duration delay, double budgetPercent) {

    /** Validates every field. */
    public HedgeConfig {
        Check.positive("delay", delay);
        Check.inRange("budget-percent", budgetPercent, 0.001, 100.0);
    }
}
