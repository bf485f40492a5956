package io.tailguard.journal.replication;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.ReplicaDurability;


/**
 * Thread-safe (stateless): the primary's judgement of a replica's HELLO, a pure function of what
 * both sides hold, so every refusal is tested without a socket. A refused replica is never counted
 * as connected, so nothing it holds counts as acknowledged.
 */
final class Handshake {

    private Handshake() {
    }

    /** What a replica said in its HELLO; {@code holder} is null when it holds no records or does not know whose. */
    record ReplicaHello(long last, int lastCrc, ReplicaDurability durability, JournalId holder, long digest) {

        /** Reads the REPLICA HELLO that {@code hello} is wrapped over, whose preamble was checked. */
        static ReplicaHello of(ReplicationCodec hello) {
            return new ReplicaHello(hello.helloLast(), hello.helloLastCrc(),
                    ReplicaDurability.ofCode(hello.helloDurability()),
                    hello.helloHolder(), hello.helloDigest());
        }
    }

    /** Why the primary refuses a replica: {@code kind} groups repeats of the same refusal in the log. */
    record Refusal(String kind, String message) {
    }

    /**
     * Checks what needs no record of the primary's: a valid HELLO, whose records the replica holds
     * and whether it holds more than the primary wrote. Returns the refusal, or null.
     */
    static Refusal checkHistory(String replica, JournalId self, long written, ReplicaHello hello) {
        if (hello.last() < 0 || hello.durability() == null) {
            return new Refusal("malformed", "replica " + replica + " refused: its HELLO is malformed (sequence "
                    + hello.last() + ", durability " + (hello.durability() == null ? "unknown" : hello.durability()) + ")");
        }
        if (hello.last() > 0 && hello.holder() != null && !hello.holder().equals(self)) {
            return new Refusal("identity", "replica " + replica + " refused: it holds records 1.." + hello.last()
                    + " of journal " + hello.holder() + ", not of this journal " + self
                    + "; give it an empty directory or point this journal at its own replica");
        }
        if (hello.last() > written) {
            return new Refusal("ahead", "replica " + replica + " refused: it holds records up to sequence "
                    + hello.last() + " but this journal " + self + " wrote only " + written
                    + ", so it holds records this journal never wrote (was this journal restored from an older copy?)");
        }
        return null;
    }

    /**
     * Checks that the replica's history is a prefix of the primary's: the digest of its records
     * 1..last ({@link io.tailguard.journal.segment.HistoryDigest}) equals the primary's digest after
     * the same sequence, {@code primaryDigest}. Any record that differs, anywhere, refuses, whatever
     * the last record is ({@code primaryCrc}, its checksum, only makes the message say whether the
     * last records are equal). Returns the refusal, or null.
     */
    static Refusal checkPrefix(String replica, ReplicaHello hello, long primaryDigest, int primaryCrc) {
        if (hello.last() > 0 && hello.digest() != primaryDigest) {
            return new Refusal("diverged", "replica " + replica + " refused: its records 1.." + hello.last()
                    + " are not this journal's (history digest " + Long.toHexString(hello.digest()) + ", this journal's "
                    + Long.toHexString(primaryDigest) + "; the last records " + (hello.lastCrc() == primaryCrc
                            ? "are equal, so the histories differ before it"
                            : "differ too (CRC32C " + Integer.toHexString(hello.lastCrc()) + " and "
                                    + Integer.toHexString(primaryCrc) + ")")
                    + "): the histories diverged; give it an empty directory to copy this journal again");
        }
        return null;
    }
}
