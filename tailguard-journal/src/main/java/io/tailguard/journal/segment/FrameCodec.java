package io.tailguard.journal.segment;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Thread-safe (constants and stateless helpers): the one codec of a journal frame. The segment
 * writer, the segment scanner, the tailer, the replication sender and the replica read and write
 * frames only through it, so each field's offset is named once. A frame is the same on disk
 * (padded with zeros to {@link SegmentLayout#ALIGNMENT}) and on the replication wire (unpadded).
 * All integers are little-endian; {@code at} is the frame's first byte in the buffer.
 *
 * <pre>
 *   Frame (16-byte header + payload)
 *   +---------------------------------------------------------------+
 *   |  frame length (int32) = 16 + payload length                   |  0
 *   |  on disk also 0 = nothing written yet, -1 = roll marker       |
 *   +---------------------------------------------------------------+
 *   |  checksum (int32): CRC32C of bytes 0..3 and 8..frameLength-1, |  4
 *   |  XOR the segment's frame mask (0 in a version 1 segment)      |
 *   +---------------------------------------------------------------+
 *   |  sequence number (int64), previous frame's + 1                |  8
 *   |                                                               |
 *   +---------------------------------------------------------------+
 *   |  payload ...                                                  | 16
 *   +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The CRC32C itself is the <em>record checksum</em>: the same in every journal and on the
 * replication wire, where frames carry it unmasked. On disk a version 2 segment stores it XOR
 * {@link SegmentLayout#frameMask} of the journal's identity, so a frame moved into another
 * journal does not verify there.
 *
 * <p>The writer fills the CRC, sequence and payload first and publishes the frame length last
 * (with release semantics, through its own handle), so a reader that sees a non-zero length sees
 * the whole frame.
 */
public final class FrameCodec {

    /** Offset of the frame length (int32). */
    public static final int LENGTH_OFFSET = 0;
    /** Offset of the CRC32C (int32). */
    public static final int CRC_OFFSET = 4;
    /** Offset of the sequence number (int64). */
    public static final int SEQUENCE_OFFSET = 8;
    /** Bytes of a frame header (length, CRC, sequence); the payload starts here. */
    public static final int HEADER_LENGTH = 16;

    private FrameCodec() {
    }

    /** Returns the frame length stored at {@code at} (plain read). */
    public static int length(ByteBuffer buf, int at) {
        return buf.getInt(at + LENGTH_OFFSET);
    }

    /** Returns the checksum stored in the frame at {@code at} (masked on disk in a version 2 segment). */
    public static int storedCrc(ByteBuffer buf, int at) {
        return buf.getInt(at + CRC_OFFSET);
    }

    /** Returns the record checksum of the frame at {@code at} stored under {@code mask}. */
    public static int recordCrc(ByteBuffer buf, int at, int mask) {
        return buf.getInt(at + CRC_OFFSET) ^ mask;
    }

    /** Stores {@code recordCrc} under {@code mask} in the frame at {@code at}. */
    public static void putRecordCrc(ByteBuffer buf, int at, int recordCrc, int mask) {
        buf.putInt(at + CRC_OFFSET, recordCrc ^ mask);
    }

    /** Returns the sequence stored in the frame at {@code at}. */
    public static long sequence(ByteBuffer buf, int at) {
        return buf.getLong(at + SEQUENCE_OFFSET);
    }

    /** Returns true when {@code frameLength} is a record's length that fits in {@code maxLength} bytes. */
    public static boolean lengthInRange(int frameLength, long maxLength) {
        return frameLength >= HEADER_LENGTH && frameLength <= maxLength;
    }

    /**
     * Writes the sequence and payload of a frame at {@code at} and its CRC32C over {@code frameLength}
     * (which it includes, although the length field itself is left for the caller to publish last),
     * stored under {@code mask}; returns the record checksum. {@code crcView} is a second view of
     * {@code buf} used as scratch.
     */
    public static int writeBody(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, long sequence,
                                ByteBuffer payload, int mask) {
        buf.putLong(at + SEQUENCE_OFFSET, sequence);
        buf.put(at + HEADER_LENGTH, payload, payload.position(), payload.remaining());
        int frameLength = HEADER_LENGTH + payload.remaining();
        int record = crc(crc, crcView, at, frameLength);
        buf.putInt(at + CRC_OFFSET, record ^ mask);
        return record;
    }

    /** Like {@link #writeBody(ByteBuffer, ByteBuffer, CRC32C, int, long, ByteBuffer, int)} for {@code src[offset, offset + length)}. */
    public static int writeBody(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, long sequence,
                                byte[] src, int offset, int length, int mask) {
        buf.putLong(at + SEQUENCE_OFFSET, sequence);
        buf.put(at + HEADER_LENGTH, src, offset, length);
        int record = crc(crc, crcView, at, HEADER_LENGTH + length);
        buf.putInt(at + CRC_OFFSET, record ^ mask);
        return record;
    }

    /**
     * Copies everything of the frame of {@code frameLength} bytes at {@code srcAt} in {@code src}
     * but its length field (checksum, sequence, payload) to {@code dstAt} in {@code dst}, its record
     * checksum moved from {@code srcMask} to {@code dstMask}; the caller publishes the length last.
     * For a frame already checked, so its CRC32C is not computed again. Returns the record checksum.
     */
    public static int copyBody(ByteBuffer dst, int dstAt, ByteBuffer src, int srcAt, int frameLength, int srcMask,
                               int dstMask) {
        dst.put(dstAt + CRC_OFFSET, src, srcAt + CRC_OFFSET, frameLength - CRC_OFFSET);
        int record = recordCrc(src, srcAt, srcMask);
        putRecordCrc(dst, dstAt, record, dstMask);
        return record;
    }

    /**
     * Checks a frame whose {@code frameLength} bytes from {@code at} are all in {@code buf} and whose
     * length is in range, its checksum stored under {@code mask}: {@link FrameStatus#BAD_CHECKSUM},
     * {@link FrameStatus#BAD_SEQUENCE} (when {@code expectedSequence} &gt;= 0 and differs) or
     * {@link FrameStatus#OK}. {@code crcView} is a second view of {@code buf} used as scratch.
     */
    public static FrameStatus check(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, int frameLength,
                                    long expectedSequence, int mask) {
        if (recordCrc(buf, at, mask) != crc(crc, crcView, at, frameLength)) {
            return FrameStatus.BAD_CHECKSUM;
        }
        if (expectedSequence >= 0 && sequence(buf, at) != expectedSequence) {
            return FrameStatus.BAD_SEQUENCE;
        }
        return FrameStatus.OK;
    }

    /**
     * Computes a frame's CRC32C (the length field, then bytes 8..frameLength-1) from {@code view},
     * whose position and limit are used as scratch and its limit restored.
     */
    public static int crc(CRC32C crc, ByteBuffer view, int at, int frameLength) {
        crc.reset();
        crc.update(frameLength & 0xFF);
        crc.update((frameLength >>> 8) & 0xFF);
        crc.update((frameLength >>> 16) & 0xFF);
        crc.update((frameLength >>> 24) & 0xFF);
        int limit = view.limit();
        view.limit(at + frameLength).position(at + SEQUENCE_OFFSET);
        crc.update(view);
        view.limit(limit);
        return (int) crc.getValue();
    }
}
