package io.tailguard.journal;

import java.util.Locale;

/** Thread-safe (immutable): when an appended record counts as committed, given the durability policy and a replica. */
public enum CommitMode {
    /** The durability policy alone decides (no replica needed). */
    LOCAL("local"),
    /** The durability policy's rule and the replica's acknowledgement. */
    ACK("ack"),
    /**
     * The replica acknowledged it OR a local force covered it, whichever first; a record is forced
     * once it has waited {@link JournalConfig#ackGrace()} without an acknowledgement, and at once
     * while no replica is connected.
     */
    ACK_OR_SYNC("ack-or-sync"),
    /** The replica acknowledged it AND a local force covered it. */
    ACK_AND_SYNC("ack-and-sync");

    private final String label;

    CommitMode(String label) {
        this.label = label;
    }

    /** Returns the command-line form, e.g. {@code ack-or-sync}. */
    public String label() {
        return label;
    }

    /** Returns true when this mode needs a replica. */
    public boolean replicated() {
        return this != LOCAL;
    }

    /**
     * Returns true when this mode forces records regardless of the policy (and so needs a force
     * thread): continuously for {@code ack-and-sync}, after the grace for {@code ack-or-sync}.
     */
    boolean forcesContinuously() {
        return this == ACK_OR_SYNC || this == ACK_AND_SYNC;
    }

    /**
     * Returns the highest committed sequence.
     *
     * @param written highest record written (visible)
     * @param mustForceUpTo highest record the policy said must be forced before commit (0 if none)
     * @param forced highest record covered by a completed force
     * @param acked highest record the replica acknowledged
     */
    public long committed(long written, long mustForceUpTo, long forced, long acked) {
        long local = forced >= mustForceUpTo ? written : forced;
        return switch (this) {
            case LOCAL -> local;
            case ACK -> Math.min(local, acked);
            case ACK_OR_SYNC -> Math.max(Math.min(local, acked), forced);
            case ACK_AND_SYNC -> Math.min(Math.min(local, acked), forced);
        };
    }

    /** Parses {@code local}, {@code ack}, {@code ack-or-sync}, {@code ack-and-sync}. */
    public static CommitMode parse(String text) {
        for (CommitMode m : values()) {
            if (m.label.equals(text == null ? null : text.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException(
                "commit mode must be one of local, ack, ack-or-sync, ack-and-sync but was " + text);
    }
}
