/**
 * A Jakarta Servlet 6 filter, {@link io.tailguard.servlet.TailguardFilter}, that runs core
 * admission policies (rate gate, partition and global concurrency limits, a queue with a maximum
 * wait) in front of a servlet application and answers overload with 429 or 503 and a computed
 * {@code Retry-After}; optionally a responder of the lease protocol (docs/leases.md).
 */
package io.tailguard.servlet;
