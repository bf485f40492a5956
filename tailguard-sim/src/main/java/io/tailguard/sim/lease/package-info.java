/**
 * Lease-guarded servers in virtual time: the RSocket lease demo's server
 * ({@link io.tailguard.sim.lease.SaturableServer}), the core lease gate in front of the saturable
 * service the live test backend runs too, and the demo itself
 * ({@link io.tailguard.sim.lease.LeaseDemo}): an open-loop client, a proxy balancing on the
 * servers' leases and three such servers.
 */
package io.tailguard.sim.lease;
