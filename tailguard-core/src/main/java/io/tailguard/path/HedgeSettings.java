package io.tailguard.path;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) hedging of a route: after {@code delay} without a response head a second
 * attempt goes to another backend that has room, while hedges stay within {@code budgetPercent} of
 * the requests.
 *
 * @param delay         patience before the hedge, greater than zero
 * @param budgetPercent hedges may add at most this share of the requests, in (0, 100]
 */
public record HedgeSettings(Duration delay, double budgetPercent) {

    /** Validates every field. */
    public HedgeSettings {
        Check.positive("delay", delay);
        Check.inRange("budget-percent", budgetPercent, 0.001, 100.0);
    }
}
