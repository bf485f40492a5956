package io.tailguard.hedge;

/**
 * Thread-safe percentile of a sliding window of recent latencies. The window is a preallocated
 * ring; the percentile is recomputed (selection on a preallocated scratch copy) every tenth of a
 * window and read lock-free in between, so neither recording nor reading allocates.
 */
final class PercentileDelayEstimator implements DelayEstimator {

    private final double percentile;
    private final int minSamples;
    private final long floorNanos;
    private final int refreshEvery;
    private final long[] ring;
    private final long[] scratch;
    private int next;
    private long observed;
    private int sinceRefresh;
    private volatile long delayNanos = NEVER;

    PercentileDelayEstimator(double percentile, int windowSize, int minSamples, long floorNanos) {
        this.percentile = percentile;
        this.minSamples = minSamples;
        this.floorNanos = floorNanos;
        this.refreshEvery = Math.max(1, windowSize / 10);
        this.ring = new long[windowSize];
        this.scratch = new long[windowSize];
    }

    @Override
    public long delayNanos() {
        return delayNanos;
    }

    @Override
    public boolean observes() {
        return true;
    }

    @Override
    public synchronized void record(long latencyNanos) {
        ring[next] = Math.max(0L, latencyNanos);
        next = next + 1 == ring.length ? 0 : next + 1;
        observed++;
        sinceRefresh++;
        if (observed == minSamples || (observed > minSamples && sinceRefresh >= refreshEvery)) {
            sinceRefresh = 0;
            delayNanos = Math.max(floorNanos, percentileOfWindow());
        }
    }

    /** Nearest-rank percentile of the samples in the window. */
    private long percentileOfWindow() {
        int size = (int) Math.min(observed, ring.length);
        System.arraycopy(ring, 0, scratch, 0, size);
        int rank = (int) Math.ceil(percentile / 100.0 * size) - 1;
        return Selection.select(scratch, size, Math.max(0, Math.min(size - 1, rank)));
    }
}
