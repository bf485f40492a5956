package io.tailguard.queue;

import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;

/**
 * Thread-safe bounded queue of waiting work with a maximum queueing time and a
 * {@link QueueDiscipline}. Items that waited too long are shed, with a reason, to the
 * {@link ShedListener} given at construction, and never returned late: {@link #poll} checks the
 * wait of the very item it is about to return.
 *
 * <p>Items and their enqueue times live in two preallocated ring arrays, so offering and polling
 * allocate nothing. One lock guards the state; {@link #size()} and {@link #capacity()} read without
 * it. The simulator's stations and the proxy's pending requests both use this class, so a simulated
 * queue sheds what the live one does.
 *
 * @param <T> the item type
 */
public final class BoundedQueue<T> extends TimedRing<T> {

    private final BoundedQueueConfig config;
    private final ShedListener<? super T> shedListener;
    private final long maxQueueingNanos;
    private final QueueDiscipline discipline;
    private final CodelState codel;

    /** Creates an empty queue that reports shed items to {@code shedListener}. */
    public BoundedQueue(BoundedQueueConfig config, ShedListener<? super T> shedListener) {
        super(Check.notNull("config", config).capacity());
        this.config = config;
        this.shedListener = Check.notNull("shedListener", shedListener);
        this.maxQueueingNanos = config.maxQueueingNanos();
        this.discipline = config.discipline();
        this.codel = discipline == QueueDiscipline.CODEL
                ? new CodelState(config.targetDelay().toNanos(), config.interval().toNanos())
                : null;
    }

    /**
     * Adds {@code item}, enqueued at {@code nowNanos}. Items at the head that already waited too
     * long are shed first, so they do not take the room of a fresh one.
     *
     * @return true if queued; false if the queue is full (reason {@link RejectReason#QUEUE_FULL})
     */
    public boolean offer(long nowNanos, T item) {
        Check.notNull("item", item);
        synchronized (lock) {
            if (size == capacity) {
                shedTimedOutFromHead(nowNanos);
                if (size == capacity) {
                    return false;
                }
            }
            addLast(item, nowNanos);
            return true;
        }
    }

    /**
     * Returns the next item to serve at {@code nowNanos}, or null if none is left. Items found to
     * have waited longer than the maximum queueing time, or shed by CoDel, go to the shed listener
     * on the way.
     */
    public T poll(long nowNanos) {
        synchronized (lock) {
            shedTimedOutFromHead(nowNanos);
            while (size > 0) {
                boolean newest = discipline == QueueDiscipline.LIFO;
                int slot = newest ? index(size - 1) : head;
                long waitedNanos = nowNanos - timesNanos[slot];
                T item = remove(slot, newest);
                if (waitedNanos > maxQueueingNanos) {
                    shedListener.onShed(item, RejectReason.QUEUE_TIMEOUT, waitedNanos);
                } else if (codel != null && codel.shouldShed(nowNanos, waitedNanos)) {
                    shedListener.onShed(item, RejectReason.QUEUE_DELAY_SHED, waitedNanos);
                } else {
                    return item;
                }
            }
            if (codel != null) {
                codel.shouldShed(nowNanos, 0L); // an empty queue: no standing delay
            }
            return null;
        }
    }

    /**
     * Sheds every item that has waited longer than the maximum queueing time at {@code nowNanos}
     * (oldest first, stopping at the first that has not), without serving anything.
     *
     * @return the number of items shed
     */
    public int expire(long nowNanos) {
        synchronized (lock) {
            return shedTimedOutFromHead(nowNanos);
        }
    }

    /**
     * Removes {@code item} (compared by identity) if it is still waiting, without reporting it to the
     * shed listener: the caller withdraws it (its client left, its own deadline passed). Linear in the
     * queue's size, which is bounded and small.
     *
     * @return true if the item was waiting and is now removed; false if it was served, shed or never queued
     */
    public boolean remove(T item) {
        synchronized (lock) {
            for (int offset = 0; offset < size; offset++) {
                int slot = index(offset);
                if (items[slot] == item) {
                    // Close the gap by moving every later item one slot towards the head.
                    for (int later = offset + 1; later < size; later++) {
                        int from = index(later);
                        int to = index(later - 1);
                        items[to] = items[from];
                        timesNanos[to] = timesNanos[from];
                    }
                    items[index(size - 1)] = null;
                    size = size - 1;
                    return true;
                }
            }
            return false;
        }
    }

    /** Returns how long the oldest waiting item has waited at {@code nowNanos}, 0 if empty. */
    public long oldestWaitNanos(long nowNanos) {
        synchronized (lock) {
            return size == 0 ? 0L : nowNanos - timesNanos[head];
        }
    }

    /** Returns this queue's configuration. */
    public BoundedQueueConfig config() {
        return config;
    }

    private int shedTimedOutFromHead(long nowNanos) {
        int shed = 0;
        while (size > 0) {
            long waitedNanos = nowNanos - timesNanos[head];
            if (waitedNanos <= maxQueueingNanos) {
                break;
            }
            T item = remove(head, false);
            shed++;
            shedListener.onShed(item, RejectReason.QUEUE_TIMEOUT, waitedNanos);
        }
        return shed;
    }

    @Override
    public String toString() {
        return "BoundedQueue[" + discipline + ", " + size + "/" + capacity + "]";
    }
}
