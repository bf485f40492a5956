package io.tailguard.queue;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) configuration of a {@link LeakyBucketShaper}.
 *
 * @param capacity      the most items waiting (offered, not yet polled) at once, at least 1
 * @param drainInterval the spacing between two releases, greater than zero
 */
public record LeakyBucketConfig(int capacity, Duration drainInterval) {

    /** Validates every field. */
    public LeakyBucketConfig {
        Check.positive("capacity", capacity);
        Check.positive("drainInterval", drainInterval);
    }

    /** A shaper releasing {@code perSecond} items per second (interval rounded down to the nanosecond). */
    public static LeakyBucketConfig ofRate(int capacity, long perSecond) {
        Check.inRange("perSecond", perSecond, 1, 1_000_000_000L);
        return new LeakyBucketConfig(capacity, Duration.ofNanos(1_000_000_000L / perSecond));
    }
}
