/**
 * Deterministic discrete-event simulator that drives the core admission policies in virtual
 * nanoseconds: a {@link io.tailguard.sim.Simulation} feeds arrivals to a
 * {@link io.tailguard.sim.Station} (gates, workers, queue, service model) and records counters,
 * HdrHistogram latencies and time-weighted occupancy for the whole run and per interval.
 */
package io.tailguard.sim;
