/**
 * The {@code leases} lab experiment: the RSocket request-lease demo (three saturable servers behind a
 * least-loaded proxy, one client at 1000 requests/s) simulated on virtual time with the core lease
 * gate, lease senders and balancers.
 */
package io.tailguard.lab.leases;
