package io.tailguard.lab.live.planlive;

import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.ServiceText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (immutable): one configuration of {@code lab plan-vs-live}: the proxy's YAML text, the
 * {@code --service} description of each backend, and what the clients send (a deadline header on
 * a share of them, a client key from a set).
 */
enum Scenario {
    /** A fixed cap of the backend's workers and a short FIFO queue. */
    FIFO("fifo", "    max-conns: 8\n    queue: 16\n    queue-timeout: 500ms\n    discipline: fifo\n", "",
            0.0, 1, Scenario.APP),
    /** CoDel over a longer queue, half the clients sending their patience as a deadline header. */
    CODEL_DEADLINE("codel-deadline", "    max-conns: 8\n    queue: 64\n    queue-timeout: 1s\n    discipline: codel\n",
            "", 0.5, 1, Scenario.APP),
    /** The adaptive Gradient2 limit, starting at the workers, with a short queue. */
    GRADIENT2("gradient2", "    max-conns: 8\n    limit: gradient2\n    queue: 16\n    queue-timeout: 500ms\n", "",
            0.0, 1, Scenario.APP),
    /** A per-client rate of 0.4 capacity each for two client keys, in front of the FIFO cap. */
    CLIENT_RATE("client-rate", "    max-conns: 8\n    queue: 16\n    queue-timeout: 500ms\n",
            "    client-rate: {per-second: %d, burst: 10, key-header: " + Scenario.KEY_HEADER + "}\n", 0.0, 2,
            Scenario.APP),
    /** Two backends, the second three times slower, balanced by power of two choices on peak EWMA. */
    P2C_SLOW("p2c-slow", "    max-conns: 4\n    queue: 16\n    queue-timeout: 500ms\n    balancer: p2c-peak-ewma\n", "",
            0.0, 1, "workers=4, time=exp(20ms)", "workers=4, time=exp(60ms)");

    /** The service of every single-backend scenario: 8 workers, about 34 ms each, about 233 requests/s. */
    static final String APP = "workers=8, time=lognormal(p50=30ms,p99=100ms)";
    /** The header naming a client, for per-client rates. */
    static final String KEY_HEADER = "X-Api-Key";
    /** The header a client's deadline travels in, as the proxy reads it. */
    static final String DEADLINE_HEADER = "X-Request-Timeout-Ms";

    private final String label;
    private final String pool;
    private final String route;
    private final double deadlineShare;
    private final int clients;
    private final List<String> services;

    Scenario(String label, String pool, String route, double deadlineShare, int clients, String... services) {
        this.label = label;
        this.pool = pool;
        this.route = route;
        this.deadlineShare = deadlineShare;
        this.clients = clients;
        this.services = List.of(services);
    }

    /** Returns the scenario's name in the CSV and on the command line. */
    String label() {
        return label;
    }

    /** Returns every scenario's name, in run order. */
    static List<String> labels() {
        return Arrays.stream(values()).map(Scenario::label).toList();
    }

    /** Returns the {@code --service} text of each backend, in the config's order. */
    List<String> services() {
        return services;
    }

    /** Returns each backend's model, read by the plan's own parser. */
    List<BackendModel> models() {
        return services.stream().map(ServiceText::parseModel).toList();
    }

    /** Returns the requests a second the backends finish when saturated, as the plan computes it. */
    double capacityRps() {
        return models().stream().mapToDouble(BackendModel::capacityPerSecond).sum();
    }

    /** Returns true if the pool's limit adapts (the proxy's limit moves and is worth showing). */
    boolean adaptive() {
        return pool.contains("limit: ") && !pool.contains("limit: fixed");
    }

    /** Returns the share of requests sending a deadline header equal to their patience. */
    double deadlineShare() {
        return deadlineShare;
    }

    /** Returns how many client keys the requests are spread over. */
    int clients() {
        return clients;
    }

    /** Returns the proxy's configuration for backends on {@code ports} of 127.0.0.1. */
    String yaml(List<Integer> ports) {
        List<String> backends = new ArrayList<>();
        for (int port : ports) {
            backends.add("127.0.0.1:" + port);
        }
        return String.join("\n",
                "listen: 127.0.0.1:0",
                "admin: 127.0.0.1:0",
                "access-log: off",
                "drain-grace: 0s",
                "pools:",
                "  app:",
                "    backends: [" + String.join(", ", backends) + "]",
                pool + "routes:",
                "  - pool: app",
                String.format(Locale.ROOT, route, Math.round(0.4 * capacityRps())));
    }

    /**
     * Returns the live clients: one header set per generator, each sending an equal share of the
     * load, so that a share of deadline headers or several client keys arrive as Poisson streams
     * that add up to the plan's.
     */
    List<List<Map.Entry<String, String>>> clientHeaders(Duration patience) {
        List<List<Map.Entry<String, String>>> sets = new ArrayList<>();
        if (deadlineShare > 0.0) {
            // the share is 0.5 in every scenario that sends one: half with the header, half without
            sets.add(List.of(Map.entry(DEADLINE_HEADER, Long.toString(patience.toMillis()))));
            sets.add(List.of());
        } else {
            for (int i = 1; i <= clients; i++) {
                sets.add(clients == 1 ? List.of() : List.of(Map.entry(KEY_HEADER, "client-" + i)));
            }
        }
        return sets;
    }
}
