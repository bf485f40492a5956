package io.tailguard.queue;

/** Thread-safe (immutable enum): which waiting item a {@link BoundedQueue} serves next. */
public enum QueueDiscipline {
    /** Oldest first. */
    FIFO,
    /** Newest first: under a standing queue the oldest items are the likeliest to be abandoned. */
    LIFO,
    /**
     * Oldest first with controlled delay (CoDel as applied to server queues by Facebook's "Fail at
     * Scale" and folly): when even the shortest wait seen during the last {@code interval} exceeded
     * {@code targetDelay}, the queue is standing, and items that waited more than twice the target
     * are shed with {@link io.tailguard.admission.RejectReason#QUEUE_DELAY_SHED}.
     */
    CODEL
}
