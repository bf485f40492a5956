package io.tailguard.queue;

import io.tailguard.config.Check;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe (lock-free) estimate of how fast a queue in front of {@code c} workers drains, learnt from the
 * service times of the requests that left it. By Little's law, {@code c} workers that each take
 * {@code s} on average free a place every {@code s / c}, so the request that has {@code k} others
 * ahead of it starts after about {@code (k + 1) × s / c}. A proxy uses this to answer at once a
 * client whose deadline is shorter than that wait, and to say in {@code Retry-After} when to come
 * back, from what it saw rather than from a guess.
 *
 * <p>The mean is an exponentially weighted moving average with weight {@code alpha} on the newest
 * sample. It holds no clock: samples come in as durations.
 *
 * <p>A proxy asks it and teaches it on every request from every event loop, so the mean is one
 * {@code double} kept as its bits in an {@link AtomicLong} (NaN until the first sample): a question
 * is one volatile read, a sample one compare-and-set, and no loop ever waits for another's lock.
 */
public final class DrainEstimator {

    /** Returned by {@link #expectedWaitNanos} before any sample: the wait is unknown. */
    public static final long UNKNOWN = -1L;

    private static final long UNSEEN = Double.doubleToRawLongBits(Double.NaN);

    private final double alpha;
    private final AtomicLong meanBits = new AtomicLong(UNSEEN);

    /** Creates an estimator whose average gives weight {@code alpha} (in (0, 1]) to each new sample. */
    public DrainEstimator(double alpha) {
        if (!(alpha > 0.0 && alpha <= 1.0)) {
            throw new IllegalArgumentException("alpha must be > 0 and <= 1 but was " + alpha);
        }
        this.alpha = alpha;
    }

    /** Learns one service time: how long a request held its place among the workers. */
    public void observe(long serviceNanos) {
        double sample = Math.max(0L, serviceNanos);
        long current;
        double next;
        do {
            current = meanBits.get();
            double mean = Double.longBitsToDouble(current);
            next = current == UNSEEN ? sample : mean + alpha * (sample - mean);
        } while (!meanBits.compareAndSet(current, Double.doubleToRawLongBits(next)));
    }

    /** The mean service time, NaN before the first sample. */
    private double mean() {
        return Double.longBitsToDouble(meanBits.get());
    }

    /**
     * Returns the expected wait of a request with {@code ahead} requests queued before it, in front
     * of {@code workers} busy workers, or {@link #UNKNOWN} before the first sample.
     */
    public long expectedWaitNanos(int ahead, int workers) {
        return expectedWaitNanos(ahead, workers, mean());
    }

    private static long expectedWaitNanos(int ahead, int workers, double mean) {
        Check.nonNegative("ahead", ahead);
        Check.positive("workers", workers);
        if (Double.isNaN(mean)) {
            return UNKNOWN;
        }
        return (long) Math.min(Long.MAX_VALUE, (ahead + 1.0) * mean / workers);
    }

    /**
     * Returns false if a request with {@code ahead} requests before it and {@code budgetNanos} left
     * is expected to finish (wait, then one mean service time) after its budget: admitting it would
     * spend a worker on an answer nobody waits for. True before the first sample.
     */
    public boolean finishesInTime(int ahead, int workers, long budgetNanos) {
        double mean = mean();
        long waitNanos = expectedWaitNanos(ahead, workers, mean);
        return waitNanos == UNKNOWN || waitNanos + mean <= budgetNanos;
    }

    /**
     * Returns false if a request about to start has less than one mean service time left of its
     * budget; true before the first sample.
     */
    public boolean worthStarting(long budgetNanos) {
        double mean = mean();
        return Double.isNaN(mean) || mean <= budgetNanos;
    }

    /** Returns the mean service time in nanoseconds, or {@link #UNKNOWN} before the first sample. */
    public long meanServiceNanos() {
        double mean = mean();
        return Double.isNaN(mean) ? UNKNOWN : (long) mean;
    }
}
