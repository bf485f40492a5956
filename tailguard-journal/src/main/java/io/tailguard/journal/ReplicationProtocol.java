package io.tailguard.journal;

import java.nio.ByteBuffer;

/**
 * Thread-safe (constants and stateless helpers): the replication wire format, little-endian, over
 * one TCP connection that the primary opens to the replica. Every field's offset is named once here.
 *
 * <pre>
 *   primary -&gt; replica, once after connect: PRIMARY HELLO (32 bytes)
 *   +---------------------------------------------------------------+
 *   |  magic "TGRP" (int32)                                         |  0
 *   |  protocol version (int32) = 3                                 |  4
 *   |  the primary's journal identity (2 x int64)                   |  8
 *   |  highest sequence the primary wrote (int64)                   | 24
 *   +---------------------------------------------------------------+
 *
 *   replica -&gt; primary, once, in answer: REPLICA HELLO (48 bytes)
 *   +---------------------------------------------------------------+
 *   |  magic "TGRH" (int32)                                         |  0
 *   |  protocol version (int32) = 3                                 |  4
 *   |  highest sequence the replica holds (int64), 0 if empty       |  8
 *   |  record checksum of that record (int32), 0 if empty           | 16
 *   |  replica durability (int32): 0 none, 1 sync, 2 periodic       | 20
 *   |  identity of the journal whose records it holds (2 x int64),  | 24
 *   |  0 when it holds none or does not know (an older replica dir) |
 *   |  history digest of records 1..its highest sequence (int64)    | 40
 *   +---------------------------------------------------------------+
 *
 *   primary -&gt; replica: records, each a journal frame without padding
 *   (see FrameCodec): frame length, record checksum (unmasked), sequence, payload.
 *   The first record is REPLICA HELLO's sequence + 1; each next one is + 1.
 *
 *   replica -&gt; primary: ACK (24 bytes), after the records it appended
 *   +---------------------------------------------------------------+
 *   |  magic "TGRA" (int32)                                         |  0
 *   |  replica durability (int32), as in REPLICA HELLO              |  4
 *   |  highest sequence the replica holds per that durability       |  8
 *   |  history digest of records 1..that sequence (int64)           | 16
 *   +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The primary checks REPLICA HELLO before it counts anything as acknowledged (see
 * {@link Handshake}): it refuses a replica of another version, one holding another journal's
 * records, one holding more records than the primary wrote and one whose history digest
 * ({@link io.tailguard.journal.segment.HistoryDigest}) differs from the primary's after the same
 * sequence, that is one holding any record that is not the primary's. An ACK whose digest is not
 * the primary's after the acknowledged sequence closes the connection before it counts. Versions
 * 1 and 2 (no digest) are refused with both versions named. Either side that reads a bad frame (wrong magic, bad length,
 * checksum mismatch, sequence out of order, acknowledgement going backwards or past what was sent)
 * logs the reason and closes the connection; the replica keeps what it appended and the primary
 * resends from the replica's HELLO on reconnect.
 */
final class ReplicationProtocol {

    /** PRIMARY HELLO magic. */
    static final int PRIMARY_HELLO_MAGIC = 0x50524754; // "TGRP" little-endian
    /** REPLICA HELLO magic. */
    static final int HELLO_MAGIC = 0x48524754; // "TGRH" little-endian
    /** ACK magic. */
    static final int ACK_MAGIC = 0x41524754; // "TGRA" little-endian
    /** Protocol version. */
    static final int VERSION = 3;
    /** Bytes of PRIMARY HELLO. */
    static final int PRIMARY_HELLO_LENGTH = 32;
    /** Bytes of REPLICA HELLO. */
    static final int HELLO_LENGTH = 48;
    /** Bytes of ACK. */
    static final int ACK_LENGTH = 24;
    /** Bytes both hellos start with (magic and version), enough to refuse a peer of another version. */
    static final int PREAMBLE_LENGTH = 8;

    static final int MAGIC = 0;
    static final int VERSION_AT = 4;
    static final int PRIMARY_ID_HIGH = 8;
    static final int PRIMARY_ID_LOW = 16;
    static final int PRIMARY_WRITTEN = 24;
    static final int HELLO_LAST = 8;
    static final int HELLO_LAST_CRC = 16;
    static final int HELLO_DURABILITY = 20;
    static final int HELLO_HOLDER_HIGH = 24;
    static final int HELLO_HOLDER_LOW = 32;
    static final int HELLO_DIGEST = 40;
    static final int ACK_DURABILITY = 4;
    static final int ACK_SEQUENCE = 8;
    static final int ACK_DIGEST = 16;

    private ReplicationProtocol() {
    }

    /** Writes a PRIMARY HELLO at index 0 of {@code buf}. */
    static void putPrimaryHello(ByteBuffer buf, JournalId primary, long written) {
        buf.putInt(MAGIC, PRIMARY_HELLO_MAGIC).putInt(VERSION_AT, VERSION)
                .putLong(PRIMARY_ID_HIGH, primary.high()).putLong(PRIMARY_ID_LOW, primary.low())
                .putLong(PRIMARY_WRITTEN, written);
    }

    /** Writes a REPLICA HELLO at index 0 of {@code buf}; {@code holder} may be null. */
    static void putHello(ByteBuffer buf, long lastSequence, int lastCrc, ReplicaDurability durability,
                         JournalId holder, long digest) {
        buf.putInt(MAGIC, HELLO_MAGIC).putInt(VERSION_AT, VERSION).putLong(HELLO_LAST, lastSequence)
                .putInt(HELLO_LAST_CRC, lastCrc).putInt(HELLO_DURABILITY, durability.code())
                .putLong(HELLO_HOLDER_HIGH, holder == null ? 0 : holder.high())
                .putLong(HELLO_HOLDER_LOW, holder == null ? 0 : holder.low())
                .putLong(HELLO_DIGEST, digest);
    }

    /** Writes an ACK at {@code buf}'s position. */
    static void putAck(ByteBuffer buf, ReplicaDurability durability, long sequence, long digest) {
        buf.putInt(ACK_MAGIC).putInt(durability.code()).putLong(sequence).putLong(digest);
    }

    /** Returns why a hello's first 8 bytes are not {@code magic} at this version, or null. */
    static String preambleProblem(ByteBuffer buf, int magic, String peer) {
        if (buf.getInt(MAGIC) != magic) {
            return "it is not a tailguard " + peer + " (magic " + Integer.toHexString(buf.getInt(MAGIC)) + ")";
        }
        if (buf.getInt(VERSION_AT) != VERSION) {
            return "the " + peer + " speaks replication protocol version " + buf.getInt(VERSION_AT)
                    + " but this side speaks version " + VERSION + "; run the same tailguard version on both";
        }
        return null;
    }
}
