/**
 * The RSocket lease demo's saturable service as a model with no I/O: a latency-by-rank table
 * ({@link io.tailguard.lease.demo.DelayTable}) and the one-second windows that rank admitted
 * requests ({@link io.tailguard.lease.demo.SaturableService}). It is not a policy: it is the service
 * the lease policies are shown against, kept once so that the simulated lab and the live test
 * backend run the same one.
 */
package io.tailguard.lease.demo;
