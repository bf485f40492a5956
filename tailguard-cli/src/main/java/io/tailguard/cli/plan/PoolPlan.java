package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.RouteSettings;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.ServiceText;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable): one pool of a configuration as the plan runs it: the decision path's
 * settings (from the proxy's own mapping), the routes that send to it and a model per backend.
 *
 * @param config   the configuration file's name
 * @param settings the pool's decision-path settings
 * @param routes   the routes to this pool
 * @param backends one model per backend, in the config's order
 */
record PoolPlan(String config, PoolSettings settings, List<RouteSettings> routes, List<BackendModel> backends) {

    /** Returns the requests a second the pool's backends finish when saturated: the sum of workers ÷ mean time. */
    double capacityRps() {
        double total = 0;
        for (BackendModel backend : backends) {
            total += backend.capacityPerSecond();
        }
        return total;
    }

    /**
     * Returns every pool of {@code proxy} that {@code services} describe and a route sends to.
     *
     * @throws UsageException when a description names no pool or backend of the config, or leaves a
     *     backend of a described pool without a model
     */
    static List<PoolPlan> of(String configName, ProxyConfig proxy, List<ServiceText> services) {
        for (ServiceText service : services) {
            if (proxy.pools().stream().noneMatch(p -> p.name().equals(service.pool()))) {
                throw new UsageException("--service must name a pool of " + configName + " ("
                        + String.join(", ", proxy.pools().stream().map(PoolConfig::name).toList()) + ") but was '"
                        + service.pool() + "'");
            }
        }
        List<PoolPlan> plans = new ArrayList<>();
        for (PoolConfig pool : proxy.pools()) {
            List<ServiceText> described = services.stream().filter(s -> s.pool().equals(pool.name())).toList();
            List<RouteSettings> routes = new ArrayList<>();
            for (int i = 0; i < proxy.routes().size(); i++) {
                RouteConfig route = proxy.routes().get(i);
                if (route.pool().equals(pool.name())) {
                    routes.add(PathSettings.route(route, i));
                }
            }
            if (described.isEmpty() || routes.isEmpty()) {
                continue;
            }
            plans.add(new PoolPlan(configName, PathSettings.pool(pool), List.copyOf(routes),
                    backends(configName, pool, described)));
        }
        return plans;
    }

    private static List<BackendModel> backends(String configName, PoolConfig pool, List<ServiceText> described) {
        BackendModel[] models = new BackendModel[pool.backends().size()];
        for (ServiceText service : described) {
            if (service.backend() == null) {
                java.util.Arrays.fill(models, service.model());
            }
        }
        for (ServiceText service : described) {
            if (service.backend() != null) {
                models[index(configName, pool, service.backend())] = service.model();
            }
        }
        for (int i = 0; i < models.length; i++) {
            if (models[i] == null) {
                throw new UsageException("--service must describe every backend of pool " + pool.name() + " but "
                        + address(pool.backends().get(i)) + " has none (give 'POOL: ...' or '" + pool.name() + "/"
                        + address(pool.backends().get(i)) + ": ...')");
            }
        }
        return List.of(models);
    }

    private static int index(String configName, PoolConfig pool, String backend) {
        for (int i = 0; i < pool.backends().size(); i++) {
            if (address(pool.backends().get(i)).equals(backend) || Integer.toString(i).equals(backend)) {
                return i;
            }
        }
        throw new UsageException("--service backend must be one of pool " + pool.name() + "'s backends in "
                + configName + " (" + String.join(", ", pool.backends().stream().map(PoolPlan::address).toList())
                + ", or an index from 0) but was '" + backend + "'");
    }

    private static String address(InetSocketAddress address) {
        return address.getHostString() + ":" + address.getPort();
    }
}
