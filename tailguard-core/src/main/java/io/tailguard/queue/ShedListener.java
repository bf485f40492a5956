package io.tailguard.queue;

import io.tailguard.admission.RejectReason;

/**
 * Told about every item a queue drops instead of serving. It runs on the thread that called the
 * queue, while the queue's lock is held: keep it short and non-blocking. It may call the same queue
 * again. If it throws, the exception reaches the caller of the queue method; the item is already
 * removed and the queue stays consistent.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface ShedListener<T> {

    /**
     * Called once per shed item.
     *
     * @param item        the item, never served
     * @param reason      {@link RejectReason#QUEUE_TIMEOUT} or {@link RejectReason#QUEUE_DELAY_SHED}
     * @param waitedNanos how long it waited in the queue
     */
    void onShed(T item, RejectReason reason, long waitedNanos);
}
