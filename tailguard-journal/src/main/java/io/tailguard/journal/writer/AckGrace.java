package io.tailguard.journal.writer;

import io.tailguard.journal.durability.DurabilityPolicy;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * Thread-safe (one writer, any readers): when {@code ack-or-sync} needs a force. A record the
 * replica acknowledged is committed without one, so the journal forces only when the oldest
 * record that is neither acknowledged nor forced has waited {@code graceNanos} since it was
 * written, and at once while the replica is disconnected. The commit rule is unchanged
 * (acknowledged or forced, whichever first); only when the force starts moves.
 *
 * <p>The writer stores each record's write time in a ring of {@link #CAPACITY} slots indexed by
 * sequence; nothing is allocated per record. When {@code CAPACITY - 1} or more records are
 * pending the oldest one's time may be gone (the writer stores a record's time before it
 * publishes the record), and a force is due at once (as with {@code sync}).
 * A grace of zero forces every unforced record continuously, acknowledged or not, as
 * {@code ack-or-sync} did before grace existed.
 */
public final class AckGrace {

    /** Records whose write time is kept: about 80 ms at 200K records/s. */
    static final int CAPACITY = 1 << 14;
    private static final int MASK = CAPACITY - 1;

    private final long graceNanos;
    private final AtomicLongArray writtenAtNanos = new AtomicLongArray(CAPACITY);

    public AckGrace(long graceNanos) {
        this.graceNanos = graceNanos;
    }

    /** Returns the grace in nanoseconds. */
    public long graceNanos() {
        return graceNanos;
    }

    /** Notes that {@code sequence} was written at {@code nowNanos}; called by the writer before it publishes the record. */
    void onWritten(long sequence, long nowNanos) {
        writtenAtNanos.setRelease((int) (sequence & MASK), nowNanos);
    }

    /**
     * Returns when a force is next due: {@link Long#MIN_VALUE} for now, {@link DurabilityPolicy#NEVER}
     * when every written record is acknowledged or forced.
     *
     * @param written highest written sequence (read before this call)
     * @param forced highest forced sequence
     * @param acked highest acknowledged sequence
     * @param connected whether a replica is connected
     * @param writtenAfter reads the highest written sequence again (to detect a reused slot)
     */
    public long forceDueAtNanos(long written, long forced, long acked, boolean connected,
                                LongSupplier writtenAfter) {
        if (written <= forced) {
            return DurabilityPolicy.NEVER;
        }
        if (!connected || graceNanos == 0) {
            return Long.MIN_VALUE; // zero: every unforced record, acknowledged or not, as before grace existed
        }
        long covered = Math.max(forced, acked);
        if (written <= covered) {
            return DurabilityPolicy.NEVER;
        }
        long oldest = covered + 1;
        if (written - oldest >= CAPACITY - 1) { // the next record, being written, may have its slot
            return Long.MIN_VALUE;
        }
        long at = writtenAtNanos.getAcquire((int) (oldest & MASK));
        // the writer fills a record's slot before it publishes the record, so the slot of `oldest`
        // may already hold the time of record oldest + CAPACITY while `written` still reads one less
        if (writtenAfter.getAsLong() - oldest >= CAPACITY - 1) {
            return Long.MIN_VALUE; // the slot may have been reused while we read it
        }
        return at + graceNanos;
    }
}
