package io.tailguard.proxy;

import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RouteConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/** Thread-safe (stateless): proxy configurations for tests, on loopback with the access log off. */
final class Configs {

    private Configs() {
    }

    static final InetSocketAddress ANY_PORT = new InetSocketAddress("127.0.0.1", 0);

    static ProxyConfig single(InetSocketAddress backend, int maxConns, int queue, Duration queueTimeout) {
        return ProxyConfig.single(ANY_PORT, backend, maxConns, queue, queueTimeout).withAccessLog("off");
    }

    /** One pool whose settings {@code pool} is, every request routed to it. */
    static ProxyConfig withPool(PoolConfig pool) {
        ProxyConfig base = single(pool.backends().get(0), 1, 0, Duration.ofSeconds(1));
        return new ProxyConfig(base.listen(), base.admin(), base.routes(), List.of(pool), base.limits(),
                base.drainGrace(), "off");
    }

    /** One pool whose settings {@code pool} is, requests routed by {@code routes}. */
    static ProxyConfig routed(PoolConfig pool, RouteConfig... routes) {
        ProxyConfig base = withPool(pool);
        return new ProxyConfig(base.listen(), base.admin(), List.of(routes), List.of(pool), base.limits(),
                base.drainGrace(), "off");
    }

    /** A pool "default" over {@code backends} with a cap of 1 and no queue, and {@code responseTimeout}. */
    static PoolConfig pool(Duration responseTimeout, InetSocketAddress... backends) {
        PoolConfig defaults = PoolConfig.of("default", List.of(backends)).withQueueing(1, 0, Duration.ofSeconds(1));
        return new PoolConfig(defaults.name(), defaults.backends(), 1, defaults.limit(), 0, defaults.queueTimeout(),
                defaults.discipline(), defaults.balancer(), defaults.connectTimeout(), responseTimeout,
                defaults.idleTimeout(), defaults.retryBudget(), defaults.ejectAfter(), defaults.ejectFor());
    }
}
