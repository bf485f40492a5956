package io.tailguard.journal.durability;

import java.nio.ByteBuffer;

/**
 * Not thread-safe: decides when appended records must be forced to the storage device. A pure
 * state machine: time comes in as {@code nowNanos}, it holds no clock and does no I/O. The
 * journal calls it under its append lock; a background thread performs the force.
 *
 * <p>The journal's rule: a record for which {@link #onAppend} returned true commits (in the
 * {@code local} commit mode) only once a force covers it; one force covers every record appended
 * before it started (group commit). A force is started as soon as {@link #forceDueAtNanos()} is
 * at or before now and unforced records exist.
 */
public interface DurabilityPolicy {

    /** Sentinel for "no force is due". */
    long NEVER = Long.MAX_VALUE;

    /**
     * Called for each appended record.
     *
     * @param payload the record's bytes (position to limit); read it, do not change it
     * @param nowNanos the time of the append
     * @return true if the record may commit only after a force covers it
     */
    boolean onAppend(ByteBuffer payload, long nowNanos);

    /** Called when a force covering every record appended so far starts. */
    void onForce(long nowNanos);

    /** Returns when the next force is due (0 = now), or {@link #NEVER}. */
    long forceDueAtNanos();
}
