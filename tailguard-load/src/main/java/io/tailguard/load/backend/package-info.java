/**
 * The test backend of {@code tailguard backend}: the RSocket lease demo's saturable service behind
 * the HTTP/1.1 lease protocol of {@code docs/leases.md} (a lease stream per requester, the lease
 * checked before the service runs, {@code 503} with {@code lease-exhausted} or
 * {@code lease-expired} over it).
 */
package io.tailguard.load.backend;
