/**
 * Rate gates in front of a simulated server, on the published series' millisecond doubles: core's
 * {@code TokenBucket} policing ({@link io.tailguard.sim.shaping.TokenGate}) and core's
 * {@code LeakyBucketShaper} shaping ({@link io.tailguard.sim.shaping.LeakyGate}), driven on a
 * {@link io.tailguard.sim.shaping.GateClock}: nanoseconds, as a service drives them, or the
 * published clock, with the published-arithmetic adapters that give the published decisions.
 */
package io.tailguard.sim.shaping;
