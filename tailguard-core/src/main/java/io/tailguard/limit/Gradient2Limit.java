package io.tailguard.limit;

/**
 * Not thread-safe: gradient limit after Netflix's Gradient2. It compares a long-term exponential
 * average of RTT with the latest sample: {@code gradient = clamp(tolerance × longRtt / rtt, 0.5,
 * 1)}, {@code limit ← limit × gradient + queueSize}, smoothed. When the long average is more than
 * twice the latest sample it decays by 5 % so that it recovers after a slow period. Samples taken
 * while less than half the limit was in use change nothing; unlike Netflix's version a drop
 * multiplies the limit by {@code dropBackoffRatio}.
 */
public final class Gradient2Limit implements Limit {

    private static final int WARMUP_SAMPLES = 10;

    private final Gradient2LimitConfig config;
    private final double longFactor;
    private double estimatedLimit;
    private double longRttNanos;
    private int samples;

    /** Creates an estimator at {@code config.initialLimit()}. */
    public Gradient2Limit(Gradient2LimitConfig config) {
        this.config = config;
        this.longFactor = 2.0 / (config.longWindow() + 1);
        this.estimatedLimit = config.initialLimit();
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        double shortRtt = Math.max(1L, rttNanos);
        addToLongAverage(shortRtt);
        if (longRttNanos / shortRtt > 2.0) {
            longRttNanos *= 0.95;
        }
        if (dropped && config.dropBackoffRatio() < 1.0) {
            estimatedLimit = clamp(estimatedLimit * config.dropBackoffRatio());
            return limit();
        }
        if (inFlight < estimatedLimit / 2) {
            return limit();
        }
        double gradient = Math.max(0.5, Math.min(1.0, config.rttTolerance() * longRttNanos / shortRtt));
        double next = estimatedLimit * gradient + config.queueSize();
        next = estimatedLimit * (1.0 - config.smoothing()) + next * config.smoothing();
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

    /** Returns the long-term RTT average in nanoseconds, 0 before the first sample. */
    public double longRttNanos() {
        return longRttNanos;
    }

    private void addToLongAverage(double rtt) {
        if (samples < WARMUP_SAMPLES) {
            samples++;
            longRttNanos += (rtt - longRttNanos) / samples; // plain mean while warming up
        } else {
            longRttNanos = longRttNanos * (1.0 - longFactor) + rtt * longFactor;
        }
    }

    private double clamp(double limit) {
        return Math.max(config.minLimit(), Math.min(config.maxLimit(), limit));
    }

    @Override
    public String toString() {
        return "Gradient2Limit[" + limit() + ", longRtt=" + (long) longRttNanos + "ns]";
    }
}
