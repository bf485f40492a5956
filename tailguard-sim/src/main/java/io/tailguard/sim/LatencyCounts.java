package io.tailguard.sim;

import java.util.Arrays;

/**
 * Not thread-safe exact histogram of whole-millisecond latencies (for models that draw whole
 * milliseconds), with nearest-rank percentiles: the smallest value v with at least
 * {@code ceil(q × n)} samples at or below v. Negative latencies count as 0.
 */
public final class LatencyCounts {

    private long[] counts = new long[64];
    private long total;

    /** Records a latency of {@code millis}. */
    public void record(long millis) {
        int value = (int) Math.max(0L, millis);
        if (value >= counts.length) {
            long[] larger = new long[Math.max(value + 1, counts.length * 2)];
            System.arraycopy(counts, 0, larger, 0, counts.length);
            counts = larger;
        }
        counts[value]++;
        total++;
    }

    /** Returns the {@code quantile} (0..1) in milliseconds, or -1 when empty. */
    public long percentile(double quantile) {
        if (total == 0) {
            return -1L;
        }
        long rank = Math.max(1L, (long) Math.ceil(quantile * total - 1e-9));
        long seen = 0;
        for (int value = 0; value < counts.length; value++) {
            seen += counts[value];
            if (seen >= rank) {
                return value;
            }
        }
        return counts.length - 1;
    }

    /** Forgets every latency recorded. */
    public void clear() {
        Arrays.fill(counts, 0L);
        total = 0;
    }
}
