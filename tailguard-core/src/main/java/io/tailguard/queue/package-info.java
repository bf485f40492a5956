/**
 * Queues of waiting work: {@link io.tailguard.queue.BoundedQueue} (capacity, maximum queueing time,
 * FIFO / LIFO / CoDel, shedding with a reason and never serving late) and
 * {@link io.tailguard.queue.LeakyBucketShaper} (a bounded queue drained at a fixed rate).
 */
package io.tailguard.queue;
