package io.tailguard.lab.shedding;

import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.sim.windowed.PublishedExpiry;
import io.tailguard.sim.windowed.Server;
import java.time.Duration;

/**
 * Thread-safe (immutable enum): the published shedding policies as core configurations: which
 * end of the line is served, whether a door bounds the system (core's fixed concurrency limiter
 * of 20, the Little's-law budget, counting the request in service), and whether a request that
 * would finish past its deadline is dropped at dequeue (core's maximum queueing time, 190 ms:
 * the deadline less one service).
 */
enum ShedPolicy {
    FIFO("fifo", false, false, false),
    TAIL_DROP("tail-drop", false, true, false),
    EXPIRE("expire", false, false, true),
    LIFO("lifo", true, false, false);

    static final Duration MAX_WAIT = Duration.ofMillis(Server.DEADLINE_MS - (long) Server.SERVICE_MS);

    final String label;
    final boolean newestFirst;
    final boolean door;
    final boolean expire;

    ShedPolicy(String label, boolean newestFirst, boolean door, boolean expire) {
        this.label = label;
        this.newestFirst = newestFirst;
        this.door = door;
        this.expire = expire;
    }

    /**
     * The line, with room for all {@code arrivals}: the line itself never refuses a request. Under
     * the published traffic the core's maximum wait is widened by {@link PublishedExpiry#TIE}, so
     * that the published floating-point test decides the ties (see {@link PublishedExpiry}).
     */
    BoundedQueueConfig line(int arrivals, boolean published) {
        int capacity = Math.max(1, arrivals);
        Duration maxWait = !expire ? BoundedQueueConfig.NO_MAX_QUEUEING_TIME
                : published ? MAX_WAIT.plus(PublishedExpiry.TIE) : MAX_WAIT;
        return newestFirst ? BoundedQueueConfig.lifo(capacity, maxWait) : BoundedQueueConfig.fifo(capacity, maxWait);
    }
}
