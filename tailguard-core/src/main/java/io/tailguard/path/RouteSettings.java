package io.tailguard.path;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) what the decision path needs of one route: its default deadline, its rate
 * limits and its hedging. Matching a request to a route (host, path) stays with the host.
 *
 * @param name           the route's name, for tables and logs
 * @param defaultTimeout the deadline of a request that sends none; zero for none
 * @param rate           the route-wide token bucket, or {@code null}
 * @param clientRate     the token bucket per client key, or {@code null}
 * @param hedge          hedging of requests the host calls hedgeable, or {@code null}
 */
public record RouteSettings(String name, Duration defaultTimeout, RateSettings rate, ClientRateSettings clientRate,
                            HedgeSettings hedge) {

    /** Validates every field. */
    public RouteSettings {
        Check.notNull("name", name);
        Check.nonNegative("default-timeout", defaultTimeout);
    }

    /** Returns a route with no deadline, rate limit or hedge. */
    public static RouteSettings plain(String name) {
        return new RouteSettings(name, Duration.ZERO, null, null, null);
    }
}
