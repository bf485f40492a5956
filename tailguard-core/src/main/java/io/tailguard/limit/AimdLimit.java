package io.tailguard.limit;

/**
 * Not thread-safe: additive-increase, multiplicative-decrease limit, driven by loss. A drop (or a
 * sample slower than the timeout) multiplies the limit by {@code backoffRatio}; a success while at
 * least half the limit was in use adds one. Successes while mostly idle leave the limit alone, so
 * an idle service does not inflate its limit.
 */
public final class AimdLimit implements Limit {

    private final AimdLimitConfig config;
    private final long timeoutNanos;
    private int limit;

    /** Creates an estimator at {@code config.initialLimit()}. */
    public AimdLimit(AimdLimitConfig config) {
        this.config = config;
        this.timeoutNanos = config.timeout().toNanos();
        this.limit = config.initialLimit();
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        int next = limit;
        if (dropped || rttNanos > timeoutNanos) {
            next = (int) (limit * config.backoffRatio());
        } else if (inFlight * 2L >= limit) {
            next = limit + 1;
        }
        limit = Math.max(config.minLimit(), Math.min(config.maxLimit(), next));
        return limit;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public int maxLimit() {
        return config.maxLimit();
    }

    @Override
    public String toString() {
        return "AimdLimit[" + limit + "]";
    }
}
