/**
 * Responder-issued request leases: a responder grants "N requests for the next T"
 * ({@link io.tailguard.lease.Lease}); its {@link io.tailguard.lease.LeaseGate} rejects what is over
 * the grant before it reaches the handler ({@code LEASE_EXHAUSTED}, {@code LEASE_EXPIRED}); the
 * requester's {@link io.tailguard.lease.LeaseView} turns the grant into an availability for a
 * balancer. Grants come from a {@link io.tailguard.lease.LeaseSender}: static, or adaptive to
 * measured latency through a limit estimator.
 */
package io.tailguard.lease;
