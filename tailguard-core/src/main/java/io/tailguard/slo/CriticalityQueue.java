package io.tailguard.slo;

import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;
import io.tailguard.queue.ShedListener;

/**
 * Thread-safe bounded FIFO line of waiting requests in two classes, critical and background,
 * that keeps the critical class within its objective when the system is overloaded. The bound
 * counts the whole system, the requests in service (told by the caller) and those waiting: a
 * request arriving within it waits; one arriving at a full system is refused, unless it is
 * critical and protection is on, in which case the newest waiting background request is shed
 * ({@link RejectReason#QUEUE_FULL}) and the critical one takes a place at the back. Requests that
 * waited longer than the maximum queueing time are shed at dequeue ({@link RejectReason#QUEUE_TIMEOUT}),
 * never served late.
 *
 * <p>Why the newest background request: it has waited least, so displacing it wastes the least
 * queueing already spent, and the older ones keep their turn. Items are kept in preallocated arrays
 * of {@code bound} slots; removal from the middle shifts at most {@code bound} entries, which is
 * small by construction (the bound is a Little's-law budget). One lock guards the state.
 *
 * @param <T> the item type
 */
public final class CriticalityQueue<T> {

    /** What {@link #offer} did with a request. */
    public enum Admission {
        /** It waits; nobody was displaced. */
        QUEUED,
        /** It waits; the newest waiting background request was shed to make room. */
        DISPLACED_BACKGROUND,
        /** The system is full: it was refused. */
        REFUSED
    }

    private final CriticalityQueueConfig config;
    private final ShedListener<? super T> shedListener;
    private final Object[] items;
    private final boolean[] critical;
    private final long[] enqueuedAtNanos;
    private final long maxQueueingNanos;
    private final Object lock = new Object();
    private int size;

    /** Creates an empty line that reports every shed request to {@code shedListener}. */
    public CriticalityQueue(CriticalityQueueConfig config, ShedListener<? super T> shedListener) {
        this.config = Check.notNull("config", config);
        this.shedListener = Check.notNull("shedListener", shedListener);
        this.items = new Object[config.bound()];
        this.critical = new boolean[config.bound()];
        this.enqueuedAtNanos = new long[config.bound()];
        this.maxQueueingNanos = config.maxQueueingNanos();
    }

    /**
     * Offers {@code item}, arriving at {@code nowNanos} while {@code inService} requests are being
     * served.
     */
    public Admission offer(long nowNanos, T item, boolean isCritical, int inService) {
        Check.notNull("item", item);
        Check.nonNegative("inService", inService);
        synchronized (lock) {
            if (size + inService < config.bound()) {
                append(nowNanos, item, isCritical);
                return Admission.QUEUED;
            }
            if (!isCritical || !config.protectCritical()) {
                return Admission.REFUSED;
            }
            for (int i = size - 1; i >= 0; i--) {
                if (!critical[i]) {
                    long waitedNanos = nowNanos - enqueuedAtNanos[i];
                    T displaced = removeAt(i);
                    append(nowNanos, item, true);
                    shedListener.onShed(displaced, RejectReason.QUEUE_FULL, waitedNanos);
                    return Admission.DISPLACED_BACKGROUND;
                }
            }
            return Admission.REFUSED;
        }
    }

    /**
     * Returns the oldest waiting request to serve at {@code nowNanos}, or null if none is left;
     * requests that waited longer than the maximum queueing time go to the shed listener on the way.
     */
    public T poll(long nowNanos) {
        synchronized (lock) {
            while (size > 0) {
                long waitedNanos = nowNanos - enqueuedAtNanos[0];
                T item = removeAt(0);
                if (waitedNanos > maxQueueingNanos) {
                    shedListener.onShed(item, RejectReason.QUEUE_TIMEOUT, waitedNanos);
                } else {
                    return item;
                }
            }
            return null;
        }
    }

    /** Returns the number of waiting requests. */
    public int size() {
        synchronized (lock) {
            return size;
        }
    }

    /** Returns true if no request is waiting. */
    public boolean isEmpty() {
        return size() == 0;
    }

    /** Returns this line's configuration. */
    public CriticalityQueueConfig config() {
        return config;
    }

    private void append(long nowNanos, T item, boolean isCritical) {
        items[size] = item;
        critical[size] = isCritical;
        enqueuedAtNanos[size] = nowNanos;
        size++;
    }

    @SuppressWarnings("unchecked")
    private T removeAt(int slot) {
        T item = (T) items[slot];
        System.arraycopy(items, slot + 1, items, slot, size - slot - 1);
        System.arraycopy(critical, slot + 1, critical, slot, size - slot - 1);
        System.arraycopy(enqueuedAtNanos, slot + 1, enqueuedAtNanos, slot, size - slot - 1);
        size--;
        items[size] = null;
        return item;
    }

    @Override
    public String toString() {
        return "CriticalityQueue[" + size() + " waiting, bound " + config.bound()
                + (config.protectCritical() ? ", critical protected]" : "]");
    }
}
