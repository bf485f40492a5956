/**
 * Choosing a backend per request: {@link io.tailguard.balance.LeastLoadedBalancer} by
 * {@link io.tailguard.balance.Availability} (for leases: remaining / allowed) with round-robin
 * fallback, {@link io.tailguard.balance.PowerOfTwoChoicesBalancer} on peak-EWMA latency, and
 * {@link io.tailguard.balance.RoundRobinBalancer}. All are thread-safe and allocate nothing per pick.
 */
package io.tailguard.balance;
