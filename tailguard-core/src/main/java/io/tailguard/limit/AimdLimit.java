package io.tailguard.limit;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Not thread-safe with the latency rule; thread-safe without it (the limit is then its whole state,
 * moved by compare-and-set). An additive-increase, multiplicative-decrease limit, driven by loss
 * and, when {@code rttTolerance} is finite, by latency. A drop (or a sample slower than the timeout)
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
    /** The limit; without the latency rule it is the whole state, moved by compare-and-set. */
    private final AtomicInteger limit;
    private long lastLatencyBackoffNanos;
    private boolean backedOff;

    /** Creates an estimator at {@code config.initialLimit()}. */
    public AimdLimit(AimdLimitConfig config) {
        this.config = config;
        this.timeoutNanos = config.timeout().toNanos();
        this.latencyAware = config.rttTolerance() != Double.POSITIVE_INFINITY;
        this.rtt = new RttBaseline(config.baselineWindow().toNanos());
        this.limit = new AtomicInteger(config.initialLimit());
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        boolean lost = dropped || rttNanos > timeoutNanos;
        if (!latencyAware) {
            return updateLossOnly(inFlight, lost);
        }
        int current = limit.get();
        int next = current;
        if (!lost) {
            // a drop or timeout is no RTT of the service (a fast error, a stall): the loss rule handles it
            rtt.add(nowNanos, rttNanos, RttBaseline.calm(inFlight, config.minLimit(), current));
        }
        if (lost) {
            next = (int) (current * config.backoffRatio());
        } else if (rtt.ready() && rtt.smoothedNanos() > config.rttTolerance() * rtt.baselineNanos()) {
            if (!backedOff || nowNanos - lastLatencyBackoffNanos >= (long) rtt.smoothedNanos()) {
                backedOff = true;
                lastLatencyBackoffNanos = nowNanos;
                next = (int) (current * config.backoffRatio());
            }
        } else if (inFlight * 2L >= current && rtt.ready()) {
            // growth waits for a baseline as the back-off does
            next = current + 1;
        }
        next = clamp(next);
        if (next != current) {
            limit.set(next);
        }
        return next;
    }

    /**
     * The loss rule alone: the new limit is a function of the current one, applied by
     * compare-and-set, so concurrent callers need no lock and end where some serial order of their
     * samples ends; a sample that changes nothing (at the ceiling, or mostly idle) writes nothing.
     */
    private int updateLossOnly(int inFlight, boolean lost) {
        while (true) {
            int current = limit.get();
            int next = current;
            if (lost) {
                next = (int) (current * config.backoffRatio());
            } else if (inFlight * 2L >= current) {
                next = current + 1;
            }
            next = clamp(next);
            if (next == current || limit.compareAndSet(current, next)) {
                return next;
            }
        }
    }

    private int clamp(int next) {
        return Math.max(config.minLimit(), Math.min(config.maxLimit(), next));
    }

    /**
     * Returns the cell holding the limit when this estimator may be fed by several threads at once
     * without a lock (no latency rule: the limit is its whole state), else null.
     */
    AtomicInteger lockFreeLimit() {
        return latencyAware ? null : limit;
    }

    @Override
    public int limit() {
        return limit.get();
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
        return "AimdLimit[" + limit.get() + "]";
    }
}
