package io.tailguard.path;

import io.tailguard.admission.Permit;

/**
 * Thread-safe (immutable): a permit on one backend, taken at {@code startNanos}.
 *
 * @param backend    the backend's index in its pool
 * @param permit     the backend limiter's permit, completed exactly once
 * @param startNanos when it was taken
 */
record Grant(int backend, Permit permit, long startNanos) {
}
