package io.tailguard.config;

import java.time.Duration;

/**
 * Thread-safe (stateless): a config's {@link Duration} as the nanoseconds a policy keeps in a
 * {@code long}, saturating where a duration is too long for one.
 */
public final class Nanos {

    private Nanos() {
    }

    /** Returns {@code duration} in nanoseconds, {@link Long#MAX_VALUE} when it does not fit (292 years and more). */
    public static long saturated(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** Returns a limit that zero turns off in nanoseconds: {@link Long#MAX_VALUE} when zero or too long. */
    public static long limitOrUnlimited(Duration limit) {
        return limit.isZero() ? Long.MAX_VALUE : saturated(limit);
    }
}
