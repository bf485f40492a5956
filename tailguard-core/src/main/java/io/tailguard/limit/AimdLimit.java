package io.tailguard.limit;

/**
 * Not thread-safe: additive-increase, multiplicative-decrease limit, driven by loss and, when
 * {@code rttTolerance} is finite, by latency. A drop (or a sample slower than the timeout)
 * multiplies the limit by {@code backoffRatio}; so does a short RTT average more than
 * {@code rttTolerance} times the baseline RTT (see {@link RttBaseline}: a lucky sample cannot
 * poison it and steady overload cannot drift it up), at most once per short RTT so that one slow
 * burst is one back-off. A success while at least half the limit was in use adds one, unless the
 * latency is over tolerance: growth stops while the queue grows. Successes while mostly idle leave
 * the limit alone, so an idle service does not inflate its limit. With the latency rule the limit
 * neither grows nor backs off on latency until the RTT average has ten samples behind it (a baseline
 * from fewer would be a single fast response).
 */
public final class AimdLimit implements Limit {

    private final AimdLimitConfig config;
    private final long timeoutNanos;
    private final boolean latencyAware;
    private final RttBaseline rtt;
    private int limit;
    private long lastLatencyBackoffNanos;
    private boolean backedOff;

    /** Creates an estimator at {@code config.initialLimit()}. */
    public AimdLimit(AimdLimitConfig config) {
        this.config = config;
        this.timeoutNanos = config.timeout().toNanos();
        this.latencyAware = config.rttTolerance() != Double.POSITIVE_INFINITY;
        this.rtt = new RttBaseline(config.baselineWindow().toNanos());
        this.limit = config.initialLimit();
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        int next = limit;
        boolean lost = dropped || rttNanos > timeoutNanos;
        if (latencyAware && !lost) {
            // a drop or timeout is no RTT of the service (a fast error, a stall): the loss rule handles it
            rtt.add(nowNanos, rttNanos, RttBaseline.calm(inFlight, config.minLimit(), limit));
        }
        if (lost) {
            next = (int) (limit * config.backoffRatio());
        } else if (latencyAware && rtt.ready() && rtt.smoothedNanos() > config.rttTolerance() * rtt.baselineNanos()) {
            if (!backedOff || nowNanos - lastLatencyBackoffNanos >= (long) rtt.smoothedNanos()) {
                backedOff = true;
                lastLatencyBackoffNanos = nowNanos;
                next = (int) (limit * config.backoffRatio());
            }
        } else if (inFlight * 2L >= limit && (!latencyAware || rtt.ready())) {
            // with the latency rule, growth waits for a baseline as the back-off does
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

    /**
     * Returns the baseline RTT in nanoseconds the latency rule compares with, 0 if unused or before
     * the RTT average has seen ten samples (the latency rule waits for them).
     */
    public double baselineRttNanos() {
        return rtt.baselineNanos();
    }

    @Override
    public String toString() {
        return "AimdLimit[" + limit + "]";
    }
}
