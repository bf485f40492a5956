/**
 * A call tree of services on the simulator's event loop, in milliseconds of virtual time
 * ({@link io.tailguard.sim.calltree.MillisClockLoop}): services with worker lanes (the core
 * {@code ConcurrencyLimiter}, optionally one per route, a bulkhead), their own work
 * ({@link io.tailguard.sim.calltree.OwnWork}), synchronous downstream calls with timeouts, retries,
 * per-edge breakers and a deadline budget ({@link io.tailguard.sim.calltree.Policies}), and every
 * downstream attempt as a node of {@link io.tailguard.sim.calltree.CallTree}. The published lab's
 * failure-propagation series runs on it.
 */
package io.tailguard.sim.calltree;
