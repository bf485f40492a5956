package io.tailguard.cli.plan;

import java.util.Map;

/**
 * Thread-safe (immutable): the plan's prediction for one configuration, pool and load.
 *
 * @param config       the configuration file's name
 * @param pool         the pool
 * @param load         the load as asked
 * @param loadX        the load as a multiple of the pool's capacity
 * @param offeredRps   requests a second offered
 * @param goodputRps   2xx a second answered within the client's patience
 * @param rejectedRps  429 and 503 answers a second
 * @param p50Millis    goodput latency percentiles, NaN without goodput
 * @param p99Millis    see {@code p50Millis}
 * @param p999Millis   see {@code p50Millis}
 * @param wastedSeconds backend time spent on responses nobody received
 * @param outcomesRps  requests a second by how they ended other than goodput, by the proxy's reason names
 */
record PlanRow(String config, String pool, LoadText load, double loadX, double offeredRps, double goodputRps,
               double rejectedRps, double p50Millis, double p99Millis, double p999Millis, double wastedSeconds,
               Map<String, Double> outcomesRps) {
}
