package io.tailguard.journal.replication;

import io.tailguard.journal.JournalId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Not thread-safe: a flyweight over one replication control message in a buffer, the one codec
 * both ends write and read the wire through (Aeron's habit: every field's offset is named once,
 * here, and nowhere else reads a byte of the protocol). Little-endian, over one TCP connection
 * that the primary opens to the replica. {@link #wrap} it over a buffer at an index, then put or
 * get the fields of the message there; nothing is allocated.
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
 * <p>The primary checks REPLICA HELLO before it counts anything as acknowledged: it refuses a
 * replica of another version, one holding another journal's records, one holding more records
 * than the primary wrote and one whose history digest
 * ({@link io.tailguard.journal.segment.HistoryDigest}) differs from the primary's after the same
 * sequence, that is one holding any record that is not the primary's. An ACK whose digest is not
 * the primary's after the acknowledged sequence closes the connection before it counts. Versions
 * 1 and 2 (no digest) are refused with both versions named. Either side that reads a bad message
 * (wrong magic, bad length, checksum mismatch, sequence out of order, acknowledgement going
 * backwards or past what was sent) logs the reason and closes the connection; the replica keeps
 * what it appended and the primary resends from the replica's HELLO on reconnect.
 */
public final class ReplicationCodec {

    /** PRIMARY HELLO magic, "TGRP" little-endian. */
    public static final int PRIMARY_HELLO_MAGIC = 0x50524754;
    /** REPLICA HELLO magic, "TGRH" little-endian. */
    public static final int HELLO_MAGIC = 0x48524754;
    /** ACK magic, "TGRA" little-endian. */
    public static final int ACK_MAGIC = 0x41524754;
    /** Protocol version. */
    public static final int VERSION = 3;
    /** Bytes of PRIMARY HELLO. */
    public static final int PRIMARY_HELLO_LENGTH = 32;
    /** Bytes of REPLICA HELLO. */
    public static final int HELLO_LENGTH = 48;
    /** Bytes of ACK. */
    public static final int ACK_LENGTH = 24;
    /** Bytes both hellos start with (magic and version), enough to refuse a peer of another version. */
    public static final int PREAMBLE_LENGTH = 8;

    private static final int MAGIC = 0;
    private static final int VERSION_AT = 4;
    private static final int PRIMARY_ID_HIGH = 8;
    private static final int PRIMARY_ID_LOW = 16;
    private static final int PRIMARY_WRITTEN = 24;
    private static final int HELLO_LAST = 8;
    private static final int HELLO_LAST_CRC = 16;
    private static final int HELLO_DURABILITY = 20;
    private static final int HELLO_HOLDER_HIGH = 24;
    private static final int HELLO_HOLDER_LOW = 32;
    private static final int HELLO_DIGEST = 40;
    private static final int ACK_DURABILITY = 4;
    private static final int ACK_SEQUENCE = 8;
    private static final int ACK_DIGEST = 16;

    private ByteBuffer buffer;
    private int at;

    /**
     * Points this flyweight at the message starting at index {@code at} of {@code buffer}, whose
     * byte order it sets to little-endian; returns this.
     */
    public ReplicationCodec wrap(ByteBuffer buffer, int at) {
        this.buffer = buffer.order(ByteOrder.LITTLE_ENDIAN);
        this.at = at;
        return this;
    }

    /** Returns the message's magic: which message it is. */
    public int magic() {
        return buffer.getInt(at + MAGIC);
    }

    /** Returns the protocol version of a hello. */
    public int version() {
        return buffer.getInt(at + VERSION_AT);
    }

    /**
     * Returns why the first {@value #PREAMBLE_LENGTH} bytes of a hello are not {@code magic} at
     * this version, naming the {@code peer} ("primary", "replica"), or null when they are.
     */
    public String preambleProblem(int magic, String peer) {
        if (magic() != magic) {
            return "it is not a tailguard " + peer + " (magic " + Integer.toHexString(magic()) + ")";
        }
        if (version() != VERSION) {
            return "the " + peer + " speaks replication protocol version " + version()
                    + " but this side speaks version " + VERSION + "; run the same tailguard version on both";
        }
        return null;
    }

    /** Writes a PRIMARY HELLO of the journal {@code id} that wrote up to {@code written}; returns this. */
    public ReplicationCodec putPrimaryHello(JournalId id, long written) {
        buffer.putInt(at + MAGIC, PRIMARY_HELLO_MAGIC).putInt(at + VERSION_AT, VERSION)
                .putLong(at + PRIMARY_WRITTEN, written);
        putId(PRIMARY_ID_HIGH, PRIMARY_ID_LOW, id);
        return this;
    }

    /** Returns the primary's journal identity in a PRIMARY HELLO, or null when it carries none (all zero). */
    public JournalId primaryId() {
        return id(PRIMARY_ID_HIGH, PRIMARY_ID_LOW);
    }

    /** Returns the highest sequence the primary wrote, in a PRIMARY HELLO. */
    public long primaryWritten() {
        return buffer.getLong(at + PRIMARY_WRITTEN);
    }

    /**
     * Writes a REPLICA HELLO: the replica holds records up to {@code last} (0 if none), whose
     * record checksum is {@code lastCrc}, of the journal {@code holder} (null when it does not
     * know), folding to {@code digest}, and acknowledges per {@code durabilityCode}; returns this.
     */
    public ReplicationCodec putHello(long last, int lastCrc, int durabilityCode, JournalId holder, long digest) {
        buffer.putInt(at + MAGIC, HELLO_MAGIC).putInt(at + VERSION_AT, VERSION).putLong(at + HELLO_LAST, last)
                .putInt(at + HELLO_LAST_CRC, lastCrc).putInt(at + HELLO_DURABILITY, durabilityCode)
                .putLong(at + HELLO_DIGEST, digest);
        putId(HELLO_HOLDER_HIGH, HELLO_HOLDER_LOW, holder);
        return this;
    }

    /** Returns the highest sequence the replica holds, in a REPLICA HELLO. */
    public long helloLast() {
        return buffer.getLong(at + HELLO_LAST);
    }

    /** Returns the record checksum of the replica's last record, in a REPLICA HELLO. */
    public int helloLastCrc() {
        return buffer.getInt(at + HELLO_LAST_CRC);
    }

    /** Returns the code of the replica's durability, in a REPLICA HELLO. */
    public int helloDurability() {
        return buffer.getInt(at + HELLO_DURABILITY);
    }

    /** Returns the identity of the journal whose records the replica holds, in a REPLICA HELLO, or null when it does not know. */
    public JournalId helloHolder() {
        return id(HELLO_HOLDER_HIGH, HELLO_HOLDER_LOW);
    }

    /** Returns the history digest of the replica's records, in a REPLICA HELLO. */
    public long helloDigest() {
        return buffer.getLong(at + HELLO_DIGEST);
    }

    /** Writes an ACK of records up to {@code sequence}, folding to {@code digest}, per {@code durabilityCode}; returns this. */
    public ReplicationCodec putAck(int durabilityCode, long sequence, long digest) {
        buffer.putInt(at + MAGIC, ACK_MAGIC).putInt(at + ACK_DURABILITY, durabilityCode)
                .putLong(at + ACK_SEQUENCE, sequence).putLong(at + ACK_DIGEST, digest);
        return this;
    }

    /** Returns the code of the durability an ACK follows. */
    public int ackDurability() {
        return buffer.getInt(at + ACK_DURABILITY);
    }

    /** Returns the highest sequence an ACK acknowledges. */
    public long ackSequence() {
        return buffer.getLong(at + ACK_SEQUENCE);
    }

    /** Returns the history digest an ACK carries. */
    public long ackDigest() {
        return buffer.getLong(at + ACK_DIGEST);
    }

    /** Writes {@code id} at {@code highAt} and {@code lowAt}, all zero for null: the wire's "no identity". */
    private void putId(int highAt, int lowAt, JournalId id) {
        buffer.putLong(at + highAt, id == null ? 0 : id.high()).putLong(at + lowAt, id == null ? 0 : id.low());
    }

    private JournalId id(int highAt, int lowAt) {
        return JournalId.orNull(buffer.getLong(at + highAt), buffer.getLong(at + lowAt));
    }
}
