package io.tailguard.limit;

/**
 * Not thread-safe: gradient limit after Netflix's Gradient2, with a baseline that cannot drift.
 * It compares a baseline RTT with a short RTT average: {@code ratio = tolerance × baseline /
 * shortRtt}, {@code limit ← limit × clamp(ratio, 0.5, 1) + queueSize}, smoothed. Netflix's
 * baseline is a long exponential average of RTT, which under steady overload follows the queue the
 * limit itself keeps and lets the limit climb into a latency cliff; ours is an {@link RttBaseline}
 * (a lucky sample cannot poison it, and only calm samples may raise it). While the latency is over
 * tolerance the limit gets no headroom (growth stops), and past twice the tolerance the decrease
 * skips smoothing. Samples taken while less than half the limit was in use change nothing; unlike
 * Netflix's version a drop multiplies the limit by {@code dropBackoffRatio}.
 */
public final class Gradient2Limit implements Limit {

    private final Gradient2LimitConfig config;
    private final RttBaseline rtt;
    private double estimatedLimit;
    private long lastGrowthNanos;
    private boolean grown;

    /** Creates an estimator at {@code config.initialLimit()}. */
    public Gradient2Limit(Gradient2LimitConfig config) {
        this.config = config;
        this.rtt = new RttBaseline(config.baselineWindow().toNanos());
        this.estimatedLimit = config.initialLimit();
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        if (dropped) {
            // a drop's RTT (a fast error, a timeout) is no RTT of the service: keep it out of the baseline
            if (config.dropBackoffRatio() < 1.0) {
                estimatedLimit = clamp(estimatedLimit * config.dropBackoffRatio());
            }
            return limit();
        }
        rtt.add(nowNanos, rttNanos, RttBaseline.calm(inFlight, config.minLimit(), limit()));
        // no verdict on latency before the baseline has ten samples behind it
        if (!rtt.ready() || inFlight < estimatedLimit / 2) {
            return limit();
        }
        double ratio = config.rttTolerance() * rtt.baselineNanos() / rtt.smoothedNanos();
        if (ratio >= 1.0) {
            // within tolerance: headroom once per short RTT, not per sample (per sample, the limit
            // doubles within an RTT and crosses a cliff before the RTT average can show it)
            if (grown && nowNanos - lastGrowthNanos < (long) rtt.smoothedNanos()) {
                return limit();
            }
            grown = true;
            lastGrowthNanos = nowNanos;
        }
        double gradient = Math.max(0.5, Math.min(1.0, ratio));
        double next = estimatedLimit * gradient + (ratio >= 1.0 ? config.queueSize() : 0);
        if (ratio >= 0.5) {
            next = estimatedLimit * (1.0 - config.smoothing()) + next * config.smoothing();
        }
        estimatedLimit = clamp(next);
        return limit();
    }

    @Override
    public int limit() {
        return (int) estimatedLimit;
    }

    @Override
    public int maxLimit() {
        return config.maxLimit();
    }

    /** Returns the baseline RTT in nanoseconds, 0 before the short average has seen ten samples. */
    public double longRttNanos() {
        return rtt.baselineNanos();
    }

    private double clamp(double limit) {
        return Math.max(config.minLimit(), Math.min(config.maxLimit(), limit));
    }

    @Override
    public String toString() {
        return "Gradient2Limit[" + limit() + ", baselineRtt=" + (long) rtt.baselineNanos() + "ns]";
    }
}
