package io.tailguard.sim;

import io.tailguard.config.Check;
import java.time.Duration;

/** Thread-safe (stateless) factories of the station queues the engine knows. */
public final class StationQueues {

    private StationQueues() {
    }

    /** An unbounded FIFO: every job that finds the workers busy waits, however long. */
    public static StationQueue.Factory unbounded() {
        return sink -> new FifoQueue(Integer.MAX_VALUE, 0L, sink);
    }

    /**
     * A FIFO holding at most {@code capacity} waiting jobs (those in service not counted); a job
     * arriving to a full queue is rejected with {@code QUEUE_FULL}. Capacity 0 makes a loss system.
     */
    public static StationQueue.Factory bounded(int capacity) {
        return bounded(capacity, Duration.ZERO);
    }

    /**
     * A FIFO of at most {@code capacity} waiting jobs whose jobs that waited longer than
     * {@code maxQueueingTime} are shed with {@code QUEUE_TIMEOUT} when they reach the head
     * ({@link Duration#ZERO} = no limit).
     */
    public static StationQueue.Factory bounded(int capacity, Duration maxQueueingTime) {
        Check.nonNegative("capacity", capacity);
        long maxWaitNanos = Check.nonNegative("maxQueueingTime", maxQueueingTime).toNanos();
        return sink -> new FifoQueue(capacity, maxWaitNanos, sink);
    }
}
