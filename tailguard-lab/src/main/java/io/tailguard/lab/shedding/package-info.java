/**
 * The published lab's load-shedding experiment: four ways to treat a line past capacity (serve
 * it all, refuse at the door, drop what expired, serve newest first), each a core policy: the
 * {@code BoundedQueue}'s discipline and maximum queueing time, and the fixed concurrency limiter
 * as the door.
 */
package io.tailguard.lab.shedding;
