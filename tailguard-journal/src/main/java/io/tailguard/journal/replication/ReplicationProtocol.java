package io.tailguard.journal.replication;

import java.nio.ByteBuffer;

/**
 * Thread-safe (constants and stateless helpers): the replication wire format, little-endian, over
 * one TCP connection that the primary opens to the replica.
 *
 * <pre>
 *   replica -&gt; primary, once after connect: HELLO (16 bytes)
 *   +---------------------------------------------------------------+
 *   |  magic "TGRH" (int32)                                         |  0
 *   +---------------------------------------------------------------+
 *   |  protocol version (int32) = 1                                 |  4
 *   +---------------------------------------------------------------+
 *   |  highest sequence the replica holds (int64), 0 if empty       |  8
 *   +---------------------------------------------------------------+
 *
 *   primary -&gt; replica: records, each a journal frame without padding
 *   (see SegmentLayout): frame length, CRC32C, sequence, payload.
 *   The first record is HELLO's sequence + 1; each next one is + 1.
 *
 *   replica -&gt; primary: ACK (16 bytes), after the records it appended
 *   +---------------------------------------------------------------+
 *   |  magic "TGRA" (int32)                                         |  0
 *   +---------------------------------------------------------------+
 *   |  reserved (int32) = 0                                         |  4
 *   +---------------------------------------------------------------+
 *   |  highest sequence the replica holds (int64)                   |  8
 *   +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Either side that reads a bad frame (wrong magic or version, bad length, checksum mismatch,
 * sequence out of order, acknowledgement going backwards or past what was sent) logs the reason
 * and closes the connection. Nothing committed is lost: the replica keeps what it appended and the
 * primary resends from the replica's HELLO on reconnect.
 */
public final class ReplicationProtocol {

    /** HELLO magic. */
    public static final int HELLO_MAGIC = 0x48524754; // "TGRH" little-endian
    /** ACK magic. */
    public static final int ACK_MAGIC = 0x41524754; // "TGRA" little-endian
    /** Protocol version. */
    public static final int VERSION = 1;
    /** Bytes of HELLO and ACK messages. */
    public static final int CONTROL_LENGTH = 16;

    private ReplicationProtocol() {
    }

    /** Writes a HELLO at {@code buf}'s position. */
    static void putHello(ByteBuffer buf, long lastSequence) {
        buf.putInt(HELLO_MAGIC).putInt(VERSION).putLong(lastSequence);
    }

    /** Writes an ACK at {@code buf}'s position. */
    static void putAck(ByteBuffer buf, long sequence) {
        buf.putInt(ACK_MAGIC).putInt(0).putLong(sequence);
    }
}
