/**
 * Lease-guarded servers in virtual time: the RSocket lease demo's server
 * ({@link io.tailguard.sim.lease.SaturableServer}), the core lease gate in front of the saturable
 * service the live test backend runs too.
 */
package io.tailguard.sim.lease;
