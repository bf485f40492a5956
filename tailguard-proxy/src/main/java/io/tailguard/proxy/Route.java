package io.tailguard.proxy;

import io.tailguard.path.PathRoute;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.proxy.ops.ClientLatency;

/**
 * Thread-safe: a configured route bound to its pool: the core {@link PathRoute} in front of the
 * pool's decision path (the local rate gates, the default deadline, the hedger), and the route's
 * bucket in Redis when its rate is shared by every proxy instance.
 *
 * @param config  the route's settings
 * @param pool    the pool serving it
 * @param path    the core route in front of the pool's decision path
 * @param shared  its bucket in Redis, or null
 * @param latency its client-side latency timers
 */
public record Route(RouteConfig config, Pool pool, PathRoute<Exchange> path, RateGates shared, ClientLatency latency) {

    /** Builds route {@code index} of a configuration in front of {@code pool}; its buckets start full at {@code nowNanos}. */
    static Route create(RouteConfig config, int index, Pool pool, long nowNanos, ClientLatency latency) {
        PathRoute<Exchange> path = new PathRoute<>(PathSettings.localRoute(config, index), pool.path(),
                pool.scheduler(), nowNanos);
        return new Route(config, pool, path, RateGates.shared(config, nowNanos), latency);
    }
}
