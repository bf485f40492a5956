package io.tailguard.queue;

/**
 * Not thread-safe (guarded by its queue's lock): the controlled-delay detector. Over each
 * {@code interval} it keeps the shortest sojourn seen; if that minimum exceeded {@code target}, the
 * next interval is "overloaded" and items older than twice the target are to be shed. A poll that
 * finds the queue empty counts as a zero sojourn, so a queue that drains is never overloaded.
 */
final class CodelState {

    private final long targetNanos;
    private final long intervalNanos;
    private boolean started;
    private long intervalEndNanos;
    private long minSojournNanos;
    private boolean overloaded;

    CodelState(long targetNanos, long intervalNanos) {
        this.targetNanos = targetNanos;
        this.intervalNanos = intervalNanos;
    }

    /** Records one observed sojourn; returns true if an item with that sojourn must be shed. */
    boolean shouldShed(long nowNanos, long sojournNanos) {
        if (!started) {
            started = true;
            intervalEndNanos = nowNanos + intervalNanos;
            minSojournNanos = sojournNanos;
        } else if (nowNanos - intervalEndNanos > 0) {
            overloaded = minSojournNanos > targetNanos;
            intervalEndNanos = nowNanos + intervalNanos;
            minSojournNanos = sojournNanos;
        } else if (sojournNanos < minSojournNanos) {
            minSojournNanos = sojournNanos;
        }
        return overloaded && sojournNanos > 2 * targetNanos;
    }
}
