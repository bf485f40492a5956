package io.tailguard.retry;

import io.tailguard.config.Check;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Thread-safe retry budget: every request {@linkplain #deposit deposits}, every retry must
 * {@linkplain #tryWithdraw withdraw}, and a retry is allowed while
 * {@code reserve + percent/100 × requests − retries} over the last {@code ttl} is at least one, where
 * {@code reserve = minPerSecond × ttl}. Envoy and Finagle cap retries this way; nginx's unbounded
 * {@code proxy_next_upstream} is the counter-example.
 *
 * <p>Requests and retries are counted in ten slices of {@code ttl / 10}, so an old request stops
 * counting within a tenth of the ttl of its expiry. It holds no clock: time comes in as
 * {@code nowNanos}. A deposit, made by every request on every thread, is lock-free; a withdrawal is
 * rare and takes a lock, so that two retries never both spend the last token.
 *
 * <p>Layout of a slot (one {@code long} in {@link #requests} or {@link #retries}), so that a slot's
 * slice and its count change together in one compare-and-set:
 * <pre>
 *  63                 32 31                  0
 * +---------------------+---------------------+
 * |  slice number (low  |  count in that      |
 * |  32 bits of now /   |  slice (saturates)  |
 * |  slice length)      |                     |
 * +---------------------+---------------------+
 * </pre>
 * A slot whose slice is older than the one a deposit falls in starts again from zero; slice numbers
 * are compared by their 32-bit difference, exact for any ttl shorter than 2^31 slices.
 */
public final class RetryBudget {

    private static final int SLICES = 10;
    private static final long COUNT_MASK = 0xFFFF_FFFFL;

    private final RetryBudgetConfig config;
    private final long sliceNanos;
    private final double ratio;
    private final double reserve;
    private final AtomicLongArray requests = new AtomicLongArray(SLICES);
    private final AtomicLongArray retries = new AtomicLongArray(SLICES);

    /** Creates an empty budget (only the reserve is available at first). */
    public RetryBudget(RetryBudgetConfig config) {
        this.config = Check.notNull("config", config);
        long ttlNanos = config.ttl().toNanos();
        this.sliceNanos = Math.max(1L, ttlNanos / SLICES);
        this.ratio = config.percent() / 100.0;
        this.reserve = config.minPerSecond() * (ttlNanos / 1e9);
        // Every slot starts as an empty slice far in the past: it counts for nothing.
        for (int i = 0; i < SLICES; i++) {
            requests.set(i, pack(Integer.MIN_VALUE, 0));
            retries.set(i, pack(Integer.MIN_VALUE, 0));
        }
    }

    /** Counts one request sent at {@code nowNanos}. Lock-free. */
    public void deposit(long nowNanos) {
        add(requests, nowNanos);
    }

    /**
     * Takes one retry at {@code nowNanos} if the budget allows it.
     *
     * @return true if the retry may go; false (and nothing taken) if the budget is spent
     */
    public synchronized boolean tryWithdraw(long nowNanos) {
        if (balance(nowNanos) < 1.0) {
            return false;
        }
        add(retries, nowNanos);
        return true;
    }

    /** Returns the retries still allowed at {@code nowNanos} (may be fractional). */
    public double available(long nowNanos) {
        return Math.max(0.0, balance(nowNanos));
    }

    /** Returns this budget's configuration. */
    public RetryBudgetConfig config() {
        return config;
    }

    private double balance(long nowNanos) {
        int current = slice(nowNanos);
        return reserve + ratio * counted(requests, current) - counted(retries, current);
    }

    /** Sums the counts of the slots whose slice is one of the last {@code SLICES} up to {@code current}. */
    private static long counted(AtomicLongArray slots, int current) {
        long total = 0;
        for (int i = 0; i < SLICES; i++) {
            long slot = slots.get(i);
            int age = current - sliceOf(slot);
            if (age >= 0 && age < SLICES) {
                total += slot & COUNT_MASK;
            }
        }
        return total;
    }

    /** Adds one to {@code nowNanos}'s slice; a slot still holding an older slice starts again from one. */
    private void add(AtomicLongArray slots, long nowNanos) {
        long sliceNumber = Math.floorDiv(nowNanos, sliceNanos);
        int slice = (int) sliceNumber;
        int index = (int) Math.floorMod(sliceNumber, SLICES);
        long old;
        long updated;
        do {
            old = slots.get(index);
            long count = old & COUNT_MASK;
            if (sliceOf(old) == slice) {
                updated = count == COUNT_MASK ? old : old + 1;
            } else {
                updated = pack(slice, 1);
            }
        } while (!slots.compareAndSet(index, old, updated));
    }

    private int slice(long nowNanos) {
        return (int) Math.floorDiv(nowNanos, sliceNanos);
    }

    private static int sliceOf(long slot) {
        return (int) (slot >>> 32);
    }

    private static long pack(int slice, long count) {
        return ((long) slice << 32) | (count & COUNT_MASK);
    }
}
