package io.tailguard.queue;

import io.tailguard.config.Check;
import io.tailguard.config.Nanos;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link BoundedQueue}.
 *
 * @param capacity         the most items waiting at once, at least 1
 * @param maxQueueingTime  items that waited longer are shed with {@code QUEUE_TIMEOUT};
 *                         {@link #NO_MAX_QUEUEING_TIME} (zero) means no limit
 * @param discipline       which item is served next
 * @param targetDelay      CoDel's acceptable standing delay (used by {@link QueueDiscipline#CODEL}
 *                         only, validated always), greater than zero
 * @param interval         CoDel's observation window, greater than zero
 */
public record BoundedQueueConfig(int capacity, Duration maxQueueingTime, QueueDiscipline discipline,
                                 Duration targetDelay, Duration interval) {

    /** Pass as {@code maxQueueingTime} for a queue where items may wait forever. */
    public static final Duration NO_MAX_QUEUEING_TIME = Duration.ZERO;
    /** CoDel target delay used by the factories: 5 ms (folly, HBase). */
    public static final Duration DEFAULT_TARGET_DELAY = Duration.ofMillis(5);
    /** CoDel interval used by the factories: 100 ms (folly, HBase). */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(100);

    /** Validates every field. */
    public BoundedQueueConfig {
        Check.positive("capacity", capacity);
        Check.nonNegative("maxQueueingTime", maxQueueingTime);
        Check.notNull("discipline", discipline);
        Check.positive("targetDelay", targetDelay);
        Check.positive("interval", interval);
    }

    /** Oldest first, items shed after {@code maxQueueingTime} (zero: never). */
    public static BoundedQueueConfig fifo(int capacity, Duration maxQueueingTime) {
        return new BoundedQueueConfig(capacity, maxQueueingTime, QueueDiscipline.FIFO,
                DEFAULT_TARGET_DELAY, DEFAULT_INTERVAL);
    }

    /** Newest first, items shed after {@code maxQueueingTime} (zero: never). */
    public static BoundedQueueConfig lifo(int capacity, Duration maxQueueingTime) {
        return new BoundedQueueConfig(capacity, maxQueueingTime, QueueDiscipline.LIFO,
                DEFAULT_TARGET_DELAY, DEFAULT_INTERVAL);
    }

    /** Oldest first with controlled delay; see {@link QueueDiscipline#CODEL}. */
    public static BoundedQueueConfig codel(int capacity, Duration maxQueueingTime, Duration targetDelay,
                                           Duration interval) {
        return new BoundedQueueConfig(capacity, maxQueueingTime, QueueDiscipline.CODEL, targetDelay, interval);
    }

    /** Returns the maximum queueing time in nanoseconds, {@link Long#MAX_VALUE} when unlimited. */
    public long maxQueueingNanos() {
        return Nanos.limitOrUnlimited(maxQueueingTime);
    }
}
