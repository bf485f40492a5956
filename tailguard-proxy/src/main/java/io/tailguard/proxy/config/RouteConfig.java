package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of one route: which requests it takes (host and path prefix),
 * the pool that serves them, their default deadline and their rate limits.
 *
 * @param host            the {@code Host} it matches (without port), or {@code null} for any
 * @param pathPrefix      the path prefix it matches, starting with {@code /}
 * @param pool            the name of the pool serving it
 * @param defaultTimeout  the deadline of a request that sends none; zero for none
 * @param rate            the route-wide token bucket, or {@code null}
 * @param clientRate      the token bucket per client key, or {@code null}
 * @param hedge           hedging of idempotent requests, or {@code null} for none
 */
public record RouteConfig(String host, String pathPrefix, String pool, Duration defaultTimeout,
                          RateConfig rate, ClientRateConfig clientRate, HedgeConfig hedge) {

    /** Validates every field. */
    public RouteConfig {
        Check.notNull("path-prefix", pathPrefix);
        if (!pathPrefix.startsWith("/")) {
            throw new IllegalArgumentException("path-prefix must start with / but was " + pathPrefix);
        }
        Check.notNull("pool", pool);
        Check.nonNegative("default-timeout", defaultTimeout);
    }

    /** Returns a route taking every request to {@code pool}, with no deadline, rate limit or hedge. */
    public static RouteConfig all(String pool) {
        return new RouteConfig(null, "/", pool, Duration.ZERO, null, null, null);
    }

    /** Returns true if this route takes a request for {@code requestHost} (no port) and {@code path}. */
    public boolean matches(String requestHost, String path) {
        return (host == null || host.equalsIgnoreCase(requestHost)) && path.startsWith(pathPrefix);
    }
}
