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
 *   |  CRC32C (int32) of bytes 0..3 and 8..frameLength-1            |  4
 *   +---------------------------------------------------------------+
 *   |  sequence number (int64), previous frame's + 1                |  8
 *   |                                                               |
 *   +---------------------------------------------------------------+
 *   |  payload ...                                                  | 16
 *   +---------------------------------------------------------------+
 * </pre>
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

    /** Returns the CRC32C stored in the frame at {@code at}. */
    public static int storedCrc(ByteBuffer buf, int at) {
        return buf.getInt(at + CRC_OFFSET);
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
     * (which it includes, although the length field itself is left for the caller to publish last).
     * {@code crcView} is a second view of {@code buf} used as scratch.
     */
    public static void writeBody(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, long sequence,
                                 ByteBuffer payload) {
        buf.putLong(at + SEQUENCE_OFFSET, sequence);
        buf.put(at + HEADER_LENGTH, payload, payload.position(), payload.remaining());
        int frameLength = HEADER_LENGTH + payload.remaining();
        buf.putInt(at + CRC_OFFSET, crc(crc, crcView, at, frameLength));
    }

    /** Like {@link #writeBody(ByteBuffer, ByteBuffer, CRC32C, int, long, ByteBuffer)} for {@code src[offset, offset + length)}. */
    public static void writeBody(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, long sequence,
                                 byte[] src, int offset, int length) {
        buf.putLong(at + SEQUENCE_OFFSET, sequence);
        buf.put(at + HEADER_LENGTH, src, offset, length);
        buf.putInt(at + CRC_OFFSET, crc(crc, crcView, at, HEADER_LENGTH + length));
    }

    /**
     * Copies everything of the frame of {@code frameLength} bytes at {@code srcAt} in {@code src}
     * but its length field (CRC32C, sequence, payload) to {@code dstAt} in {@code dst}; the caller
     * publishes the length last. For a frame already checked, so its CRC32C is not computed again.
     */
    public static void copyBody(ByteBuffer dst, int dstAt, ByteBuffer src, int srcAt, int frameLength) {
        dst.put(dstAt + CRC_OFFSET, src, srcAt + CRC_OFFSET, frameLength - CRC_OFFSET);
    }

    /**
     * Checks a frame whose {@code frameLength} bytes from {@code at} are all in {@code buf} and whose
     * length is in range: {@link FrameStatus#BAD_CHECKSUM}, {@link FrameStatus#BAD_SEQUENCE} (when
     * {@code expectedSequence} &gt;= 0 and differs) or {@link FrameStatus#OK}. {@code crcView} is a
     * second view of {@code buf} used as scratch.
     */
    public static FrameStatus check(ByteBuffer buf, ByteBuffer crcView, CRC32C crc, int at, int frameLength,
                                    long expectedSequence) {
        if (storedCrc(buf, at) != crc(crc, crcView, at, frameLength)) {
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
