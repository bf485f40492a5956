package io.tailguard.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link BoundedQueue}: gauges {@code tailguard.queue.depth} (requests
 * waiting), {@code tailguard.queue.capacity}, and the time gauge {@code tailguard.queue.oldest.wait}
 * (how long the oldest waiting request has waited at scrape time; it nears the queue's maximum
 * queueing time just before the queue starts shedding).
 */
public final class QueueMetrics implements MeterBinder {

    private final BoundedQueue<?> queue;
    private final NanoClock clock;
    private final Tags tags;

    /** Binds {@code queue}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public QueueMetrics(BoundedQueue<?> queue, NanoClock clock, Iterable<Tag> tags) {
        this.queue = Check.notNull("queue", queue);
        this.clock = Check.notNull("clock", clock);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauges.register(registry, "tailguard.queue.depth", queue, BoundedQueue::size, tags,
                "requests waiting");
        Gauges.register(registry, "tailguard.queue.capacity", queue, BoundedQueue::capacity, tags,
                "requests the queue holds at most");
        Gauges.registerNanos(registry, "tailguard.queue.oldest.wait", queue, q -> q.oldestWaitNanos(clock.nanoTime()),
                tags, "how long the oldest waiting request has waited");
    }
}
