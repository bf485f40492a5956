package io.tailguard.proxy;

import io.tailguard.admission.Permit;

/**
 * Not thread-safe (immutable, but its permit must be completed exactly once): one request's place
 * on a backend, from the moment its permit was granted.
 *
 * @param backend    the backend whose limiter granted the permit
 * @param permit     the core permit, completed through {@link Pool#complete}
 * @param startNanos when it was granted
 */
record Assignment(Backend backend, Permit permit, long startNanos) {
}
