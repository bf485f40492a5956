/**
 * The {@code hedging} lab experiment: the Redis latency of the published hedging article (a body
 * distribution with rare, independent stalls, from the simulator's service models) called without
 * hedging, with the article's speculative task and with percentile delays, each with and without
 * a budget, on a backend of unlimited capacity and on a saturated station. Every hedged call runs through the core
 * {@link io.tailguard.hedge.Hedger} on a {@link io.tailguard.time.VirtualScheduler}: the
 * simulator's own event loop has no {@link io.tailguard.time.Scheduler} view, so this experiment
 * drives its arrivals, backend and hedger on one virtual scheduler instead.
 */
package io.tailguard.lab.hedging;
