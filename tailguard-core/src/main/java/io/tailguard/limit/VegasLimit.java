package io.tailguard.limit;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe: delay-based limit after TCP Vegas. It keeps the lowest RTT seen (the no-load
 * RTT) and estimates the queue as {@code limit × (1 − rttNoLoad / rtt)}. With {@code L =
 * max(1, floor(log10(limit)))}: a queue of at most L grows the limit by 6L, below 3L by L, above
 * 6L shrinks it by L; a drop shrinks it by L. Samples taken while less than half the limit was in
 * use do not grow it. Every so often (a seeded, jittered number of samples) the no-load RTT is
 * forgotten and re-measured, so that a baseline from a faster past does not pin the limit down.
 */
public final class VegasLimit implements Limit {

    private final VegasLimitConfig config;
    private final RandomGenerator random;
    private double estimatedLimit;
    private long rttNoLoadNanos;
    private long samplesSinceProbe;
    private double probeJitter;
    // floor(log10(limit)) changes only when the integer limit crosses a power of ten: cache it
    private int stepForLimit = -1;
    private double step = 1.0;

    /** Creates an estimator whose probe jitter is seeded with 0 (reproducible). */
    public VegasLimit(VegasLimitConfig config) {
        this(config, new SplittableRandom(0L));
    }

    /** Creates an estimator drawing its probe jitter from {@code random}. */
    public VegasLimit(VegasLimitConfig config, RandomGenerator random) {
        this.config = config;
        this.random = random;
        this.estimatedLimit = config.initialLimit();
        this.probeJitter = nextJitter();
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        long rtt = Math.max(1L, rttNanos);
        samplesSinceProbe++;
        if (samplesSinceProbe >= probeJitter * config.probeMultiplier() * estimatedLimit) {
            samplesSinceProbe = 0;
            probeJitter = nextJitter();
            rttNoLoadNanos = rtt;
            return limit();
        }
        if (rttNoLoadNanos == 0 || rtt < rttNoLoadNanos) {
            rttNoLoadNanos = rtt;
            return limit();
        }
        double step = step();
        double next;
        if (dropped) {
            next = estimatedLimit - step;
        } else if (inFlight * 2.0 < estimatedLimit) {
            return limit();
        } else {
            double queue = Math.ceil(estimatedLimit * (1.0 - (double) rttNoLoadNanos / rtt));
            if (queue <= step) {
                next = estimatedLimit + 6 * step;
            } else if (queue < 3 * step) {
                next = estimatedLimit + step;
            } else if (queue > 6 * step) {
                next = estimatedLimit - step;
            } else {
                return limit();
            }
        }
        next = Math.max(1.0, Math.min(config.maxLimit(), next));
        estimatedLimit = (1.0 - config.smoothing()) * estimatedLimit + config.smoothing() * next;
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

    /** Returns the no-load RTT currently assumed, 0 before the first sample. */
    public long rttNoLoadNanos() {
        return rttNoLoadNanos;
    }

    private double step() {
        int current = (int) estimatedLimit;
        if (current != stepForLimit) {
            stepForLimit = current;
            step = Math.max(1.0, Math.floor(Math.log10(current)));
        }
        return step;
    }

    private double nextJitter() {
        return 0.5 + random.nextDouble() * 0.5;
    }

    @Override
    public String toString() {
        return "VegasLimit[" + limit() + ", rttNoLoad=" + rttNoLoadNanos + "ns]";
    }
}
