package io.tailguard.retry;

import io.tailguard.config.Check;

/**
 * Thread-safe retry budget: every request {@linkplain #deposit deposits}, every retry must
 * {@linkplain #tryWithdraw withdraw}, and a retry is allowed while
 * {@code reserve + percent/100 × requests − retries} over the last {@code ttl} is at least one, where
 * {@code reserve = minPerSecond × ttl}. Envoy and Finagle cap retries this way; nginx's unbounded
 * {@code proxy_next_upstream} is the counter-example.
 *
 * <p>Requests and retries are counted in ten slices of {@code ttl / 10}, so an old request stops
 * counting within a tenth of the ttl of its expiry. It holds no clock: time comes in as
 * {@code nowNanos}. One lock guards the counters; a retry is rare and a deposit is two array writes.
 */
public final class RetryBudget {

    private static final int SLICES = 10;

    private final RetryBudgetConfig config;
    private final long sliceNanos;
    private final double ratio;
    private final double reserve;
    private final long[] sliceIndex = new long[SLICES];
    private final long[] requests = new long[SLICES];
    private final long[] retries = new long[SLICES];

    /** Creates an empty budget (only the reserve is available at first). */
    public RetryBudget(RetryBudgetConfig config) {
        this.config = Check.notNull("config", config);
        long ttlNanos = config.ttl().toNanos();
        this.sliceNanos = Math.max(1L, ttlNanos / SLICES);
        this.ratio = config.percent() / 100.0;
        this.reserve = config.minPerSecond() * (ttlNanos / 1e9);
        java.util.Arrays.fill(sliceIndex, Long.MIN_VALUE);
    }

    /** Counts one request sent at {@code nowNanos}. */
    public synchronized void deposit(long nowNanos) {
        requests[slot(nowNanos)]++;
    }

    /**
     * Takes one retry at {@code nowNanos} if the budget allows it.
     *
     * @return true if the retry may go; false (and nothing taken) if the budget is spent
     */
    public synchronized boolean tryWithdraw(long nowNanos) {
        int slot = slot(nowNanos);
        if (balance(nowNanos) < 1.0) {
            return false;
        }
        retries[slot]++;
        return true;
    }

    /** Returns the retries still allowed at {@code nowNanos} (may be fractional). */
    public synchronized double available(long nowNanos) {
        slot(nowNanos);
        return Math.max(0.0, balance(nowNanos));
    }

    /** Returns this budget's configuration. */
    public RetryBudgetConfig config() {
        return config;
    }

    private double balance(long nowNanos) {
        long current = Math.floorDiv(nowNanos, sliceNanos);
        long sent = 0;
        long retried = 0;
        for (int i = 0; i < SLICES; i++) {
            if (current - sliceIndex[i] < SLICES) {
                sent += requests[i];
                retried += retries[i];
            }
        }
        return reserve + ratio * sent - retried;
    }

    /** Returns the slot of {@code nowNanos}'s slice, emptied first if it last held an older slice. */
    private int slot(long nowNanos) {
        long index = Math.floorDiv(nowNanos, sliceNanos);
        int slot = (int) Math.floorMod(index, SLICES);
        if (sliceIndex[slot] != index) {
            sliceIndex[slot] = index;
            requests[slot] = 0;
            retries[slot] = 0;
        }
        return slot;
    }
}
