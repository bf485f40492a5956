package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Thread-safe (immutable) configuration of a whole proxy: where it listens, its admin listener, the
 * routes in the order they are tried, the pools they send to, the client limits and the drain grace.
 *
 * @param listen     the client listener (port 0 picks a free port)
 * @param admin      the admin listener ({@code /metrics}, {@code /healthz}, {@code /readyz})
 * @param routes     tried in order; the first match serves the request
 * @param pools      every pool a route names
 * @param limits     limits on clients
 * @param drainGrace how long in-flight requests may finish on shutdown
 * @param accessLog  where the access log goes: {@code stdout}, {@code stderr}, {@code off} or a file path
 */
public record ProxyConfig(InetSocketAddress listen, InetSocketAddress admin, List<RouteConfig> routes,
                          List<PoolConfig> pools, ClientLimits limits, Duration drainGrace, String accessLog) {

    /** Validates every field and that every route's pool exists. */
    public ProxyConfig {
        Check.notNull("listen", listen);
        Check.notNull("admin", admin);
        routes = List.copyOf(Check.notNull("routes", routes));
        pools = List.copyOf(Check.notNull("pools", pools));
        Check.notNull("limits", limits);
        Check.nonNegative("drain-grace", drainGrace);
        Check.notNull("access-log", accessLog);
        if (routes.isEmpty()) {
            throw new IllegalArgumentException("routes must be a non-empty list but was []");
        }
        Set<String> names = new HashSet<>();
        for (PoolConfig pool : pools) {
            if (!names.add(pool.name())) {
                throw new IllegalArgumentException("pools must have distinct names but " + pool.name() + " repeats");
            }
        }
        for (int i = 0; i < routes.size(); i++) {
            String pool = routes.get(i).pool();
            if (!names.contains(pool)) {
                throw new IllegalArgumentException("routes[" + i + "].pool must be one of " + names + " but was " + pool);
            }
        }
    }

    /**
     * Returns the one-line form: every request to one backend, with a cap of {@code maxConns}, a FIFO
     * queue of {@code queue} and {@code queueTimeout}; admin on a free loopback port.
     */
    public static ProxyConfig single(InetSocketAddress listen, InetSocketAddress backend, int maxConns, int queue,
                                     Duration queueTimeout) {
        PoolConfig pool = PoolConfig.of("default", List.of(backend)).withQueueing(maxConns, queue, queueTimeout);
        return new ProxyConfig(listen, new InetSocketAddress(listen.getAddress(), 0), List.of(RouteConfig.all("default")),
                List.of(pool), ClientLimits.defaults(), Duration.ofSeconds(30), "stderr");
    }

    /** Returns a copy with another admin address. */
    public ProxyConfig withAdmin(InetSocketAddress newAdmin) {
        return new ProxyConfig(listen, newAdmin, routes, pools, limits, drainGrace, accessLog);
    }

    /** Returns a copy with other client limits. */
    public ProxyConfig withLimits(ClientLimits newLimits) {
        return new ProxyConfig(listen, admin, routes, pools, newLimits, drainGrace, accessLog);
    }

    /** Returns a copy with another access log destination. */
    public ProxyConfig withAccessLog(String newAccessLog) {
        return new ProxyConfig(listen, admin, routes, pools, limits, drainGrace, newAccessLog);
    }
}
