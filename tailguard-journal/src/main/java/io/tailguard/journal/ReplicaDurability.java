package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;

/**
 * Thread-safe (immutable): what a replica's acknowledgement promises, as the replica reports it
 * in its HELLO and in every ACK: its journal's durability policy.
 */
public enum ReplicaDurability {
    /** No replica has answered yet (or this journal does not replicate). */
    UNKNOWN(-1),
    /** Acknowledged once in the replica's page cache: survives the replica process, not its machine's power cut. */
    NONE(0),
    /** Acknowledged once forced to the replica's disk. */
    SYNC(1),
    /** Acknowledged once the replica's next periodic force covered it. */
    PERIODIC(2);

    private final int code;

    ReplicaDurability(int code) {
        this.code = code;
    }

    /** Returns the wire code (what {@link io.tailguard.journal.replication.ReplicationCodec} carries). */
    public int code() {
        return code;
    }

    /** Returns the durability of this wire code, or null if none has it. */
    public static ReplicaDurability ofCode(int code) {
        for (ReplicaDurability d : values()) {
            if (d.code == code && d != UNKNOWN) {
                return d;
            }
        }
        return null;
    }

    /**
     * Returns what a replica journal with {@code durability} acknowledges.
     *
     * @throws IllegalArgumentException for {@code selective}, which a replica does not support
     */
    public static ReplicaDurability of(Durability durability) {
        if (durability instanceof Durability.None) {
            return NONE;
        }
        if (durability instanceof Durability.Sync) {
            return SYNC;
        }
        if (durability instanceof Durability.Periodic) {
            return PERIODIC;
        }
        throw new IllegalArgumentException("replica durability must be none, sync or periodic:<interval> but was "
                + durability.label());
    }
}
