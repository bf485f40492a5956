package io.tailguard.proxy.config;

import io.tailguard.path.ClientRateSettings;
import io.tailguard.path.HedgeSettings;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.RateSettings;
import io.tailguard.path.RouteSettings;

/**
 * Thread-safe (stateless): the one mapping from a proxy configuration to the settings of the core
 * decision path, so that the proxy and {@code tailguard plan} build the same
 * {@link io.tailguard.path.DecisionPath} from the same file. A route's rate kept in Redis maps to a
 * bucket of the same rate: the plan models one proxy taking all of the route's traffic.
 */
public final class PathSettings {

    private PathSettings() {
    }

    /**
     * Returns the decision path's settings of {@code pool}; a cancelled attempt keeps its permit
     * until its backend is done as the pool's {@code hold-permit-on-departure} says.
     */
    public static PoolSettings pool(PoolConfig pool) {
        return new PoolSettings(pool.name(), pool.backends().size(), pool.maxConns(), pool.limit(), pool.queue(),
                pool.queueTimeout(), pool.discipline(), pool.balancer(), pool.responseTimeout(),
                pool.retryBudget(), pool.ejectAfter(), pool.ejectFor(), pool.holdPermitOnDeparture());
    }

    /** Returns the decision path's settings of route {@code index} of a configuration. */
    public static RouteSettings route(RouteConfig route, int index) {
        String name = "routes[" + index + "]" + (route.host() == null ? "" : " " + route.host()) + " "
                + route.pathPrefix();
        RateSettings rate = route.rate() == null ? null : route.rate().settings();
        ClientRateSettings client = route.clientRate() == null ? null : new ClientRateSettings(
                route.clientRate().rate().settings(), route.clientRate().maxKeys(), route.clientRate().idle());
        HedgeSettings hedge = route.hedge() == null ? null
                : new HedgeSettings(route.hedge().delay(), route.hedge().budgetPercent());
        return new RouteSettings(name, route.defaultTimeout(), rate, client, hedge);
    }

    /**
     * Returns route {@code index}'s settings as one proxy instance enforces them itself: a rate kept
     * in Redis is left out, since every instance asks that shared bucket instead of a local one.
     */
    public static RouteSettings localRoute(RouteConfig route, int index) {
        RouteSettings settings = route(route, index);
        return route.rate() == null || route.rate().redis() == null ? settings
                : new RouteSettings(settings.name(), settings.defaultTimeout(), null, settings.clientRate(),
                        settings.hedge());
    }
}
