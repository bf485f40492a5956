package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link BoundedQueue}: gauges {@code tailguard.queue.depth} (requests
 * waiting), {@code tailguard.queue.capacity}, and the time gauge {@code tailguard.queue.oldest.wait}
 * (how long the oldest waiting request has waited at scrape time; it nears the queue's maximum
 * queueing time just before the queue starts shedding).
 */
public final class QueueMetrics extends PolicyBinder<BoundedQueue<?>> {

    /** Binds {@code queue}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public QueueMetrics(BoundedQueue<?> queue, NanoClock clock, Iterable<Tag> tags) {
        super("queue", queue, tags);
        gauge("tailguard.queue.depth", BoundedQueue::size, "requests waiting");
        gauge("tailguard.queue.capacity", BoundedQueue::capacity, "requests the queue holds at most");
        timeGauge("tailguard.queue.oldest.wait", clock, BoundedQueue::oldestWaitNanos,
                "how long the oldest waiting request has waited");
    }
}
