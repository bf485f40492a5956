/**
 * {@code lab leases --live}: the RSocket request-lease demo over real sockets — lease-granting
 * backends, the tailguard proxy balancing by lease, the open-loop load generator — beside the
 * simulated {@code lab leases}.
 */
package io.tailguard.lab.live.leases;
