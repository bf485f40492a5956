/**
 * Deterministic discrete-event simulator that drives the core admission policies in virtual
 * nanoseconds: a {@link io.tailguard.sim.Simulation} feeds arrivals to a
 * {@link io.tailguard.sim.Station} (gates, workers, queue, service model) and records counters,
 * HdrHistogram latencies and time-weighted occupancy for the whole run and per interval. The same
 * event loop is a core {@link io.tailguard.time.Scheduler} ({@link io.tailguard.sim.SimScheduler}),
 * on which models built from scheduled tasks run, with a {@link io.tailguard.sim.WorkerPool} as
 * their station. {@link io.tailguard.sim.LatencyCounts} keeps whole-millisecond latencies exactly,
 * for models that draw whole milliseconds.
 */
package io.tailguard.sim;
