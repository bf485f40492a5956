/**
 * The simulator as a host of the core decision path: arrivals with a route, a client key, a
 * deadline and a patience, and backends with workers, a service-time model, an optional slowdown
 * with concurrency and optional refused connections, driving the same
 * {@link io.tailguard.path.DecisionPath} the proxy runs, in virtual time.
 */
package io.tailguard.sim.path;
