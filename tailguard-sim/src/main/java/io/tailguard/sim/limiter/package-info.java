/**
 * Concurrency limiters as a simulated client sees them ({@link io.tailguard.sim.limiter.SimLimiter}:
 * acquire a handle or be shed, release it when the request ends): a core
 * {@link io.tailguard.limit.ConcurrencyLimiter} over any core estimator
 * ({@link io.tailguard.sim.limiter.CoreLimiter}), and an adaptive lease re-granted on the
 * simulator's scheduler ({@link io.tailguard.sim.limiter.LeaseLimiter}). A peer library's limiter
 * joins a comparison by implementing the same interface.
 */
package io.tailguard.sim.limiter;
