/**
 * The test backends of {@code tailguard backend}: the RSocket lease demo's saturable service behind
 * the HTTP/1.1 lease protocol of {@code docs/leases.md} (a lease stream per requester, the lease
 * checked before the service runs, {@code 503} with {@code lease-exhausted} or
 * {@code lease-expired} over it), and {@link io.tailguard.load.backend.ServiceBackend}, a backend of
 * N workers shaped by the same {@code --service} description {@code tailguard plan} reads.
 */
package io.tailguard.load.backend;
