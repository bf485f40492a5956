package io.tailguard.limit;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Thread-safe, lock-free bounded pool of permits: a multi-producer multi-consumer ring after
 * Dmitry Vyukov's design. Each slot carries a sequence number that says whose turn it is, so a slot
 * is never handed out twice (no ABA) and neither side allocates. An offer that finds its slot still
 * being read by a stalled poll waits briefly, then gives the permit up (returns false) instead of
 * blocking; the owner then allocates a replacement later, so size the pool with headroom.
 */
final class PermitPool {

    private static final int MAX_SPINS = 1_000;

    private final PooledPermit[] items;
    private final AtomicLongArray sequences;
    private final int mask;
    private final AtomicLong enqueuePosition = new AtomicLong();
    private final AtomicLong dequeuePosition = new AtomicLong();

    /** Creates an empty pool holding up to {@code capacity} permits (rounded up to a power of two). */
    PermitPool(int capacity) {
        int size = Integer.highestOneBit(Math.max(1, capacity - 1)) << 1;
        this.items = new PooledPermit[size];
        this.sequences = new AtomicLongArray(size);
        this.mask = size - 1;
        for (int i = 0; i < size; i++) {
            sequences.set(i, i);
        }
    }

    /** Returns the number of slots. */
    int capacity() {
        return items.length;
    }

    /** Puts {@code permit} back; returns false if the pool is full (the permit is then let go). */
    boolean offer(PooledPermit permit) {
        long position = enqueuePosition.get();
        int spins = 0;
        while (true) {
            int index = (int) position & mask;
            long turn = sequences.getAcquire(index) - position;
            if (turn == 0) {
                long witness = enqueuePosition.compareAndExchange(position, position + 1);
                if (witness == position) {
                    items[index] = permit;
                    sequences.setRelease(index, position + 1);
                    return true;
                }
                position = witness;
            } else if (turn < 0) {
                // Either full, or a poll that claimed this slot has not released it yet: wait a
                // little for the latter, then give up rather than block (the permit is let go).
                if (position - dequeuePosition.get() >= items.length || ++spins > MAX_SPINS) {
                    return false;
                }
                Thread.onSpinWait();
                position = enqueuePosition.get();
            } else {
                position = enqueuePosition.get();
            }
        }
    }

    /** Takes a permit, or returns null if the pool is empty. */
    PooledPermit poll() {
        long position = dequeuePosition.get();
        while (true) {
            int index = (int) position & mask;
            long turn = sequences.getAcquire(index) - (position + 1);
            if (turn == 0) {
                long witness = dequeuePosition.compareAndExchange(position, position + 1);
                if (witness == position) {
                    PooledPermit permit = items[index];
                    items[index] = null;
                    sequences.setRelease(index, position + mask + 1);
                    return permit;
                }
                position = witness;
            } else if (turn < 0) {
                return null;
            } else {
                position = dequeuePosition.get();
            }
        }
    }
}
