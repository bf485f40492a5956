package io.tailguard.limit;

/**
 * Not thread-safe (and stateless, so safe to share in practice): a limit that never moves. A
 * {@link ConcurrencyLimiter} with {@code FixedLimit.of(5)} is the published lab's five-slot load shedder.
 */
public final class FixedLimit implements Limit {

    private final int limit;

    /** Creates a limit fixed at {@code config.limit()}. */
    public FixedLimit(FixedLimitConfig config) {
        this.limit = config.limit();
    }

    /** Returns a limit fixed at {@code limit} (at least 1). */
    public static FixedLimit of(int limit) {
        return new FixedLimit(new FixedLimitConfig(limit));
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        return limit;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public int maxLimit() {
        return limit;
    }

    @Override
    public boolean adapts() {
        return false;
    }

    @Override
    public String toString() {
        return "FixedLimit[" + limit + "]";
    }
}
