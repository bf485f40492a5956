package io.tailguard.proxy;

import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.Hedger;
import io.tailguard.proxy.config.HedgeConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.time.Scheduler;

/**
 * Thread-safe: a configured route bound to its pool and rate gates.
 *
 * @param config the route's settings
 * @param pool   the pool serving it
 * @param rates  its rate gates
 * @param hedger its core hedger (one latency window and budget for the route), or null
 * @param latency its client-side latency timers
 */
record Route(RouteConfig config, Pool pool, RateGates rates, Hedger hedger, ClientLatency latency) {

    /**
     * Returns the hedger of a route with hedging: two attempts, the second after the delay if the
     * budget allows, the whole call bounded by the pool's response timeout.
     */
    static Hedger hedger(HedgeConfig hedge, Pool pool) {
        if (hedge == null) {
            return null;
        }
        HedgePolicy policy = HedgePolicy.speculative(2, hedge.delay(), pool.config().responseTimeout())
                .withBudget(HedgeBudget.of(hedge.budgetPercent() / 100.0));
        return new Hedger(policy, Scheduler.system());
    }
}
