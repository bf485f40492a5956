/**
 * Concurrency limits: the {@link io.tailguard.limit.ConcurrencyLimiter} enforcer owns the atomics
 * (a bit per permit for a fixed limit, an in-flight counter for an adaptive one, one factory picking which); pure, single-threaded {@link io.tailguard.limit.Limit} estimators
 * ({@link io.tailguard.limit.FixedLimit}, {@link io.tailguard.limit.AimdLimit},
 * {@link io.tailguard.limit.VegasLimit}, {@link io.tailguard.limit.Gradient2Limit}) turn latency
 * and drop samples into the limit it enforces.
 */
package io.tailguard.limit;
