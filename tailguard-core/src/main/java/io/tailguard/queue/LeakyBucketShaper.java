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
public final class LeakyBucketShaper<T> extends TimedRing<T> {

    private final LeakyBucketConfig config;
    private final long drainIntervalNanos;
    private boolean released;
    private long lastReleaseNanos;

    /** Creates an empty, idle shaper. */
    public LeakyBucketShaper(LeakyBucketConfig config) {
        super(Check.notNull("config", config).capacity());
        this.config = config;
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
            addLast(item, releaseNanos);
            released = true;
            lastReleaseNanos = releaseNanos;
            return true;
        }
    }

    /** Returns the next item if its release time is at or before {@code nowNanos}, else null. */
    public T poll(long nowNanos) {
        synchronized (lock) {
            if (size == 0 || timesNanos[head] - nowNanos > 0) {
                return null;
            }
            return remove(head, false);
        }
    }

    /**
     * Returns when the next waiting item is released, so a scheduler knows when to poll again;
     * {@link Long#MAX_VALUE} if nothing waits (check {@link #isEmpty()}).
     */
    public long nextReleaseNanos() {
        synchronized (lock) {
            return size == 0 ? Long.MAX_VALUE : timesNanos[head];
        }
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
