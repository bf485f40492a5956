package io.tailguard.admission;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Thread-safe, lock-free table of reusable {@link ChainPermit}s. A claim starts at a slot picked by
 * hashing the calling thread and a per-table counter, and tries a few slots from there, each by a
 * CAS on the permit's own state; slots are filled on first use, so a table that is never more than
 * about half busy allocates nothing once warm. When the few slots tried are all busy (more chained
 * requests in flight than the table was sized for), an unpooled permit is allocated instead of
 * searching the whole table.
 */
final class ChainPermits {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int PROBES = 8;

    private final AtomicReferenceArray<ChainPermit> slots;
    private final int parts;
    private final int mask;
    private final int shift;

    /** Creates a table of {@code size} slots (a power of two) of permits holding up to {@code parts} permits each. */
    ChainPermits(int size, int parts) {
        this.slots = new AtomicReferenceArray<>(size);
        this.parts = parts;
        this.mask = size - 1;
        this.shift = 64 - Integer.numberOfTrailingZeros(size);
    }

    /** Returns a free permit, already claimed. */
    ChainPermit claim() {
        long key = Thread.currentThread().getId();
        int start = mask == 0 ? 0 : (int) ((key * GOLDEN) >>> shift);
        for (int probe = 0; probe < PROBES && probe <= mask; probe++) {
            int index = (start + probe) & mask;
            ChainPermit permit = slots.get(index);
            if (permit == null) {
                ChainPermit created = new ChainPermit(parts);
                if (slots.compareAndSet(index, null, created)) {
                    return created;
                }
                permit = slots.get(index);
            }
            if (permit.tryClaim()) {
                return permit;
            }
        }
        return new ChainPermit(parts);
    }
}
