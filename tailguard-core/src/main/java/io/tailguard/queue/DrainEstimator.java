package io.tailguard.queue;

import io.tailguard.config.Check;

/**
 * Thread-safe estimate of how fast a queue in front of {@code c} workers drains, learnt from the
 * service times of the requests that left it. By Little's law, {@code c} workers that each take
 * {@code s} on average free a place every {@code s / c}, so the request that has {@code k} others
 * ahead of it starts after about {@code (k + 1) × s / c}. A proxy uses this to answer at once a
 * client whose deadline is shorter than that wait, and to say in {@code Retry-After} when to come
 * back, from what it saw rather than from a guess.
 *
 * <p>The mean is an exponentially weighted moving average with weight {@code alpha} on the newest
 * sample. It holds no clock: samples come in as durations.
 */
public final class DrainEstimator {

    /** Returned by {@link #expectedWaitNanos} before any sample: the wait is unknown. */
    public static final long UNKNOWN = -1L;

    private final double alpha;
    private double meanServiceNanos;
    private boolean seen;

    /** Creates an estimator whose average gives weight {@code alpha} (in (0, 1]) to each new sample. */
    public DrainEstimator(double alpha) {
        if (!(alpha > 0.0 && alpha <= 1.0)) {
            throw new IllegalArgumentException("alpha must be > 0 and <= 1 but was " + alpha);
        }
        this.alpha = alpha;
    }

    /** Learns one service time: how long a request held its place among the workers. */
    public synchronized void observe(long serviceNanos) {
        double sample = Math.max(0L, serviceNanos);
        meanServiceNanos = seen ? meanServiceNanos + alpha * (sample - meanServiceNanos) : sample;
        seen = true;
    }

    /**
     * Returns the expected wait of a request with {@code ahead} requests queued before it, in front
     * of {@code workers} busy workers, or {@link #UNKNOWN} before the first sample.
     */
    public synchronized long expectedWaitNanos(int ahead, int workers) {
        Check.nonNegative("ahead", ahead);
        Check.positive("workers", workers);
        if (!seen) {
            return UNKNOWN;
        }
        return (long) Math.min(Long.MAX_VALUE, (ahead + 1.0) * meanServiceNanos / workers);
    }

    /**
     * Returns false if a request with {@code ahead} requests before it and {@code budgetNanos} left
     * is expected to finish (wait, then one mean service time) after its budget: admitting it would
     * spend a worker on an answer nobody waits for. True before the first sample.
     */
    public synchronized boolean finishesInTime(int ahead, int workers, long budgetNanos) {
        long waitNanos = expectedWaitNanos(ahead, workers);
        return waitNanos == UNKNOWN || waitNanos + meanServiceNanos <= budgetNanos;
    }

    /**
     * Returns false if a request about to start has less than one mean service time left of its
     * budget; true before the first sample.
     */
    public synchronized boolean worthStarting(long budgetNanos) {
        return !seen || meanServiceNanos <= budgetNanos;
    }

    /** Returns the mean service time in nanoseconds, or {@link #UNKNOWN} before the first sample. */
    public synchronized long meanServiceNanos() {
        return seen ? (long) meanServiceNanos : UNKNOWN;
    }
}
