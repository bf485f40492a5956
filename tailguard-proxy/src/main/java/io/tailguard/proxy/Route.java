package io.tailguard.proxy;

import io.tailguard.proxy.config.RouteConfig;

/**
 * Thread-safe: a configured route bound to its pool and rate gates.
 *
 * @param config the route's settings
 * @param pool   the pool serving it
 * @param rates  its rate gates
 */
record Route(RouteConfig config, Pool pool, RateGates rates) {
}
