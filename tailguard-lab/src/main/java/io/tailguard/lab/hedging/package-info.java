/**
 * The {@code hedging} lab experiment: the Redis latency of the published hedging article (a body
 * distribution with rare, independent stalls, from the simulator's service models) called without
 * hedging, with the article's speculative task and with percentile delays, each with and without
 * a budget, on a backend of unlimited capacity and on a saturated station. Every hedged call runs
 * through the core {@link io.tailguard.hedge.Hedger} on the simulator's {@link io.tailguard.sim.SimScheduler}, the
 * {@link io.tailguard.time.Scheduler} view of its event loop; the backend is a simulator
 * {@link io.tailguard.sim.WorkerPool}.
 */
package io.tailguard.lab.hedging;
