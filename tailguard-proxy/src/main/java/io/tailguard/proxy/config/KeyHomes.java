package io.tailguard.proxy.config;

import io.tailguard.config.Suggest;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Thread-safe (immutable): where each section's own keys belong in a proxy config, so that a key
 * written under the wrong parent is answered with its place ({@code client-rate} under a pool
 * belongs under a route), not only with the list of keys allowed where it stands.
 */
final class KeyHomes {

    /** One kind of section: how its key paths look, how to say it, where a key of it is written, and its own keys. */
    private record Home(Pattern path, String where, String at, List<String> keys) {
    }

    private static final List<Home> HOMES = List.of(
            new Home(Pattern.compile(""), "at the top level", "%s",
                    List.of("listen", "admin", "access-log", "drain-grace", "limits", "pools", "routes")),
            new Home(Pattern.compile("routes\\[\\d+\\]"), "under a route", "routes[N].%s",
                    List.of("host", "path-prefix", "pool", "default-timeout", "rate", "client-rate", "hedge")),
            new Home(Pattern.compile("pools\\.[^.]+"), "under a pool", "pools.NAME.%s",
                    List.of("backends", "max-conns", "limit", "queue", "queue-timeout", "discipline", "balancer",
                            "hold-permit-on-departure", "connect-timeout", "response-timeout", "eject-after", "eject-for", "retry-budget")),
            new Home(Pattern.compile("limits"), "under limits", "limits.%s",
                    List.of("max-connections", "max-initial-line", "max-header-bytes", "max-body-bytes",
                            "header-timeout", "body-timeout", "min-body-rate", "buffer-body-bytes",
                            "idle-timeout-under-pressure")),
            new Home(Pattern.compile(".*\\.(rate|client-rate)"), "under a route's rate or client-rate",
                    "routes[N].rate.%s", List.of("per-second", "burst")),
            new Home(Pattern.compile(".*\\.client-rate"), "under a route's client-rate", "routes[N].client-rate.%s",
                    List.of("key-header", "max-keys")),
            new Home(Pattern.compile(".*\\.hedge"), "under a route's hedge", "routes[N].hedge.%s",
                    List.of("delay", "budget-percent")),
            new Home(Pattern.compile(".*\\.retry-budget"), "under a pool's retry-budget",
                    "pools.NAME.retry-budget.%s", List.of("percent", "min-per-second", "ttl")));

    private KeyHomes() {
    }

    /**
     * Returns "it belongs under a route (routes[N].client-rate)" if {@code key} belongs to another
     * kind of section than the one at {@code path}, or null if it belongs nowhere else.
     */
    static String elsewhere(String key, String path) {
        for (Home home : HOMES) {
            if (home.keys().contains(key) && !home.path().matcher(path).matches()) {
                return "it belongs " + home.where() + " (" + String.format(home.at(), key) + ")";
            }
        }
        return null;
    }

    /**
     * Returns "did you mean pools.NAME.max-conns or limits.max-connections?" for the keys of other
     * kinds of section than the one at {@code path} that are close to {@code key} (by edit
     * distance), or "" if none is: a misspelt key is often also misplaced.
     */
    static String closeElsewhere(String key, String path) {
        Set<String> close = new LinkedHashSet<>();
        for (Home home : HOMES) {
            if (!home.path().matcher(path).matches()) {
                for (String near : Suggest.closest(key, home.keys())) {
                    close.add(String.format(home.at(), near));
                }
            }
        }
        return close.isEmpty() ? "" : " (did you mean " + String.join(" or ", close) + "?)";
    }
}
