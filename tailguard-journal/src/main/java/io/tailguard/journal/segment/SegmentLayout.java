package io.tailguard.journal.segment;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Thread-safe (constants and stateless helpers): the on-disk format of a journal segment file.
 *
 * <p>A segment is a preallocated file of {@code segmentSizeBytes}. All integers are little-endian.
 * It starts with a 64-byte header, then frames ({@link FrameCodec}), each starting on an 8-byte
 * boundary:
 *
 * <pre>
 *   Segment header (64 bytes)
 *    0                   1                   2                   3
 *    0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *   +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 *   |                 magic "TGJOURNL" (int64)                      |  0
 *   |                                                               |
 *   +---------------------------------------------------------------+
 *   |                 format version (int32) = 1                    |  8
 *   +---------------------------------------------------------------+
 *   |                 header length (int32) = 64                    | 12
 *   +---------------------------------------------------------------+
 *   |                 segment size in bytes (int64)                 | 16
 *   |                                                               |
 *   +---------------------------------------------------------------+
 *   |                 base sequence (int64): first record's seq     | 24
 *   |                                                               |
 *   +---------------------------------------------------------------+
 *   |                 reserved, zero (24 bytes)                     | 32
 *   ...                                                           ...
 *   +---------------------------------------------------------------+
 *   |                 CRC32C of bytes 0..59 (int32)                 | 60
 *   +---------------------------------------------------------------+
 *
 * </pre>
 *
 * <p>Frames are drawn, written and checked by {@link FrameCodec}. A frame length of 0 means
 * nothing was written there yet and {@link #ROLL_MARKER} that the next record is in the next
 * file. After a crash, a frame whose length is set but whose checksum does not match is torn;
 * what open may cut and what it refuses is the journal's recovery rule ({@code docs/decisions/009}).
 */
public final class SegmentLayout {

    /** "TGJOURNL" read as a little-endian long. */
    public static final long MAGIC = ByteBuffer.wrap("TGJOURNL".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
            .order(ByteOrder.LITTLE_ENDIAN).getLong();
    /** Current format version; a file with another version is refused with both versions named. */
    public static final int FORMAT_VERSION = 1;
    /** Bytes of the segment header; the first frame starts here. */
    public static final int HEADER_LENGTH = 64;
    private static final int MAGIC_OFFSET = 0;
    private static final int VERSION_OFFSET = 8;
    private static final int HEADER_LENGTH_OFFSET = 12;
    private static final int SEGMENT_SIZE_OFFSET = 16;
    private static final int BASE_SEQUENCE_OFFSET = 24;
    private static final int RESERVED_OFFSET = 32;
    private static final int HEADER_CRC_OFFSET = 60;
    /** Frame length value marking the end of a segment: the next record is in the next file. */
    public static final int ROLL_MARKER = -1;
    /** Frame alignment in bytes. */
    public static final int ALIGNMENT = 8;
    /** Smallest segment accepted. */
    public static final int MIN_SEGMENT_SIZE = 4096;
    /** Segment file name suffix. */
    public static final String SUFFIX = ".tgj";

    private SegmentLayout() {
    }

    /** Rounds {@code length} up to the frame alignment. */
    public static int align(int length) {
        return (length + ALIGNMENT - 1) & -ALIGNMENT;
    }

    /** Largest payload that fits a segment of {@code segmentSizeBytes} (room is kept for the roll marker). */
    public static int maxPayload(int segmentSizeBytes) {
        return segmentSizeBytes - HEADER_LENGTH - FrameCodec.HEADER_LENGTH - ALIGNMENT;
    }

    /** Digits of a segment file name's base sequence (zero-padded; {@link Long#MAX_VALUE} has 19). */
    private static final int NAME_DIGITS = 20;

    /**
     * File name of the segment whose first record has {@code baseSequence}: 20 ASCII digits, zero
     * padded, then {@link #SUFFIX}. Written digit by digit, not with {@code String.format}: the
     * writer names a segment once per roll, and the formatter's code, cold by then, took 290-368 µs
     * of the writer's 471-602 µs roll (decision 023); it also used the default locale's digits (Arabic
     * or Devanagari ones under some locales), so a journal's file names depended on the JVM's locale.
     *
     * @throws IllegalArgumentException when {@code baseSequence} is negative
     */
    public static String fileName(long baseSequence) {
        if (baseSequence < 0) {
            throw new IllegalArgumentException("baseSequence must be >= 0 but was " + baseSequence);
        }
        char[] name = new char[NAME_DIGITS + SUFFIX.length()];
        long rest = baseSequence;
        for (int i = NAME_DIGITS - 1; i >= 0; i--) {
            name[i] = (char) ('0' + rest % 10);
            rest /= 10;
        }
        SUFFIX.getChars(0, SUFFIX.length(), name, NAME_DIGITS);
        return new String(name);
    }

    /**
     * Parses the base sequence from a segment file name, or -1 if it is not one (only the ASCII
     * digits {@link #fileName} writes count: {@link Long#parseLong} alone would take other scripts'
     * digits too, naming a file {@link #fileName} never finds).
     */
    public static long baseSequenceOf(String fileName) {
        if (!fileName.endsWith(SUFFIX) || fileName.length() != NAME_DIGITS + SUFFIX.length()) {
            return -1;
        }
        long base = 0;
        for (int i = 0; i < NAME_DIGITS; i++) {
            char c = fileName.charAt(i);
            if (c < '0' || c > '9' || base > (Long.MAX_VALUE - (c - '0')) / 10) {
                return -1;
            }
            base = base * 10 + (c - '0');
        }
        return base;
    }

    /** Writes a header into {@code header} (64 bytes from index 0, little-endian). */
    public static void writeHeader(ByteBuffer header, int segmentSizeBytes, long baseSequence) {
        header.putLong(MAGIC_OFFSET, MAGIC);
        header.putInt(VERSION_OFFSET, FORMAT_VERSION);
        header.putInt(HEADER_LENGTH_OFFSET, HEADER_LENGTH);
        header.putLong(SEGMENT_SIZE_OFFSET, segmentSizeBytes);
        header.putLong(BASE_SEQUENCE_OFFSET, baseSequence);
        for (int i = RESERVED_OFFSET; i < HEADER_CRC_OFFSET; i += 4) {
            header.putInt(i, 0);
        }
        header.putInt(HEADER_CRC_OFFSET, headerCrc(header));
    }

    /** Returns why the header is invalid, or null if it is a valid header for this file. */
    public static String checkHeader(ByteBuffer header, long expectedBase) {
        if (header.getLong(MAGIC_OFFSET) != MAGIC) {
            return "bad magic";
        }
        if (header.getInt(HEADER_CRC_OFFSET) != headerCrc(header)) {
            return "header checksum mismatch";
        }
        int version = header.getInt(VERSION_OFFSET);
        if (version != FORMAT_VERSION) {
            return "format version " + version + " is not supported (this build reads version " + FORMAT_VERSION + ")";
        }
        long size = segmentSizeOf(header);
        if (header.getInt(HEADER_LENGTH_OFFSET) != HEADER_LENGTH || size < MIN_SEGMENT_SIZE || size > (1L << 30)) {
            return "header length or segment size out of range";
        }
        if (header.getLong(BASE_SEQUENCE_OFFSET) != expectedBase) {
            return "base sequence " + header.getLong(BASE_SEQUENCE_OFFSET) + " does not match file name " + expectedBase;
        }
        return null;
    }

    /** Returns the segment size a header declares. */
    public static long segmentSizeOf(ByteBuffer header) {
        return header.getLong(SEGMENT_SIZE_OFFSET);
    }

    private static int headerCrc(ByteBuffer header) {
        CRC32C crc = new CRC32C();
        ByteBuffer view = header.duplicate();
        view.position(0).limit(HEADER_CRC_OFFSET);
        crc.update(view);
        return (int) crc.getValue();
    }
}
