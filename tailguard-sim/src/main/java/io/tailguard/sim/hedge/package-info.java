/**
 * Hedged calls in virtual time, driven by the core {@link io.tailguard.hedge.Hedger} on the
 * simulator's scheduler: Poisson calls against a {@link io.tailguard.sim.WorkerPool}
 * ({@link io.tailguard.sim.hedge.HedgedCalls}, each attempt a
 * {@link io.tailguard.sim.hedge.PooledAttempt}), and a scripted run whose attempt latencies are
 * drawn in advance ({@link io.tailguard.sim.hedge.HedgedRun}) with the work its losers wasted
 * ({@link io.tailguard.sim.hedge.HedgeWaste}).
 */
package io.tailguard.sim.hedge;
