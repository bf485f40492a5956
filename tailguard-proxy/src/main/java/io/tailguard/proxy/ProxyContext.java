package io.tailguard.proxy;

import io.tailguard.proxy.client.ConnectionSlots;
import io.tailguard.proxy.config.ClientLimits;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Thread-safe: what every client connection of one proxy shares: routes, pools, limits, clock,
 * meters, access log, and whether the proxy is draining.
 */
public final class ProxyContext {

    private final ProxyConfig config;
    private final List<Route> routes;
    private final NanoClock clock;
    private final ProxyMetrics metrics;
    private final AccessLog accessLog;
    private final ConnectionSlots slots;
    private volatile boolean draining;

    ProxyContext(ProxyConfig config, List<Route> routes, NanoClock clock, ProxyMetrics metrics, AccessLog accessLog) {
        this.config = config;
        this.routes = List.copyOf(routes);
        this.clock = clock;
        this.metrics = metrics;
        this.accessLog = accessLog;
        this.slots = new ConnectionSlots(config.limits().maxConnections());
    }

    /** The client connections held open, and whether they press on {@code max-connections}. */
    public ConnectionSlots slots() {
        return slots;
    }

    /** The limits every client connection is held to. */
    public ClientLimits limits() {
        return config.limits();
    }

    /** The clock the policies and the logged times read. */
    public NanoClock clock() {
        return clock;
    }

    /** The proxy's meters. */
    public ProxyMetrics metrics() {
        return metrics;
    }

    /** The proxy's access log. */
    public AccessLog accessLog() {
        return accessLog;
    }

    /** True once the proxy drains or closes: no new request is taken. */
    public boolean draining() {
        return draining;
    }

    void startDraining() {
        draining = true;
    }

    /** Returns the first route taking {@code host} (no port) and {@code path}, or null. */
    public Route route(String host, String path) {
        for (Route route : routes) {
            if (route.config().matches(host, path)) {
                return route;
            }
        }
        return null;
    }

    /** True if {@code host:port} is one of the configured backends (for absolute-form requests). */
    public boolean isBackend(String host, int port) {
        for (Route route : routes) {
            for (InetSocketAddress backend : route.pool().config().backends()) {
                if (backend.getPort() == port && backend.getHostString().equalsIgnoreCase(host)) {
                    return true;
                }
            }
        }
        return false;
    }
}
