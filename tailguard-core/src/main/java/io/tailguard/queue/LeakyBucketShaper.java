package io.tailguard.queue;

import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;

/**
 * Thread-safe leaky-bucket shaper: a bounded queue drained at a fixed rate. Item k is released at
 * {@code release_k = max(arrival_k, release_(k-1) + drainInterval)}, fixed when it is offered: an
 * item reaching an idle shaper goes at once, later ones are spaced by the interval.
 *
 * <p><b>Capacity</b> counts every item offered and not yet returned by {@link #poll}, including items
 * whose release time has passed but that nobody has polled yet. A full shaper rejects the offer
 * ({@link RejectReason#QUEUE_FULL}); a rejected offer does not move the release schedule.
 * A slow poller does not stretch the schedule: items whose time has come are returned one per
 * {@link #poll} call, back to back.
 *
 * @param <T> the item type
 */
public final class LeakyBucketShaper<T> {

    private final LeakyBucketConfig config;
    private final Object[] items;
    private final long[] releaseAtNanos;
    private final int capacity;
    private final long drainIntervalNanos;
    private final Object lock = new Object();
    private int head;
    private volatile int size;
    private boolean released;
    private long lastReleaseNanos;

    /** Creates an empty, idle shaper. */
    public LeakyBucketShaper(LeakyBucketConfig config) {
        this.config = Check.notNull("config", config);
        this.capacity = config.capacity();
        this.items = new Object[capacity];
        this.releaseAtNanos = new long[capacity];
        this.drainIntervalNanos = config.drainInterval().toNanos();
    }

    /**
     * Queues {@code item}, arriving at {@code nowNanos}, and fixes its release time.
     *
     * @return true if queued; false if {@code capacity} items are already waiting
     */
    public boolean offer(long nowNanos, T item) {
        Check.notNull("item", item);
        synchronized (lock) {
            if (size == capacity) {
                return false;
            }
            long releaseNanos = nowNanos;
            if (released) {
                long earliestNanos = lastReleaseNanos + drainIntervalNanos;
                if (earliestNanos - nowNanos > 0) {
                    releaseNanos = earliestNanos;
                }
            }
            int tail = head + size >= capacity ? head + size - capacity : head + size;
            items[tail] = item;
            releaseAtNanos[tail] = releaseNanos;
            released = true;
            lastReleaseNanos = releaseNanos;
            size = size + 1;
            return true;
        }
    }

    /** Returns the next item if its release time is at or before {@code nowNanos}, else null. */
    @SuppressWarnings("unchecked")
    public T poll(long nowNanos) {
        synchronized (lock) {
            if (size == 0 || releaseAtNanos[head] - nowNanos > 0) {
                return null;
            }
            T item = (T) items[head];
            items[head] = null;
            head = head + 1 == capacity ? 0 : head + 1;
            size = size - 1;
            return item;
        }
    }

    /**
     * Returns when the next waiting item is released, so a scheduler knows when to poll again;
     * {@link Long#MAX_VALUE} if nothing waits (check {@link #isEmpty()}).
     */
    public long nextReleaseNanos() {
        synchronized (lock) {
            return size == 0 ? Long.MAX_VALUE : releaseAtNanos[head];
        }
    }

    /** Returns the number of waiting items (a volatile read, no lock). */
    public int size() {
        return size;
    }

    /** Returns true if no item is waiting. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Returns the most items that can wait at once. */
    public int capacity() {
        return capacity;
    }

    /** Returns this shaper's configuration. */
    public LeakyBucketConfig config() {
        return config;
    }

    @Override
    public String toString() {
        return "LeakyBucketShaper[" + size + "/" + capacity + ", every " + config.drainInterval() + "]";
    }
}
