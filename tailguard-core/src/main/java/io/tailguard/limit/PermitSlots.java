package io.tailguard.limit;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Thread-safe, lock-free table of reusable permits. A permit is claimed by a CAS of its own state
 * from free to busy, starting at a slot picked by hashing the caller's thread and in-flight count,
 * and freed by the CAS that completes it. No slot waits for another thread: a thread preempted
 * while holding or completing a permit delays only that permit, never the others (a ring queue
 * would stall every consumer behind a preempted producer and force allocations).
 *
 * <p>The table is sized to at least twice the most permits ever out, so at least half the slots
 * are free and a claim takes about two probes. Slots are filled lazily, so only the first use of a
 * slot allocates. If every slot is busy (only when the limit exceeds the table), an unpooled
 * permit is allocated.
 */
final class PermitSlots {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final AdaptiveConcurrencyLimiter owner;
    private final AtomicReferenceArray<PooledPermit> slots;
    private final int mask;
    private final int shift;

    /** Creates a table of at least {@code minSlots} slots (rounded up to a power of two). */
    PermitSlots(AdaptiveConcurrencyLimiter owner, int minSlots) {
        int size = minSlots <= 1 ? 1 : Integer.highestOneBit(minSlots - 1) << 1;
        this.owner = owner;
        this.slots = new AtomicReferenceArray<>(size);
        this.mask = size - 1;
        this.shift = 64 - Integer.numberOfTrailingZeros(size);
    }

    /** Returns the number of slots. */
    int size() {
        return mask + 1;
    }

    /**
     * Claims a free permit, already marked busy, searching from a slot picked by hashing
     * {@code key + inFlight}: callers with different keys start apart, and one key with many
     * permits out spreads them by the in-flight count.
     */
    PooledPermit claim(long key, int inFlight) {
        int start = mask == 0 ? 0 : (int) (((key + inFlight) * GOLDEN) >>> shift);
        for (int probe = 0; probe <= mask; probe++) {
            int index = (start + probe) & mask;
            PooledPermit permit = slots.get(index);
            if (permit == null) {
                PooledPermit created = PooledPermit.busy(owner);
                if (slots.compareAndSet(index, null, created)) {
                    return created; // first use of this slot
                }
                permit = slots.get(index);
            }
            if (permit.tryClaim()) {
                return permit;
            }
        }
        return PooledPermit.busy(owner);
    }
}
