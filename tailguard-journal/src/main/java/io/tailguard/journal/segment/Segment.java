package io.tailguard.journal.segment;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.RecordHandler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Not thread-safe: one memory-mapped segment file in the format of {@link SegmentLayout}, used by
 * one thread (another thread may call {@link #force}). Readers in other threads or processes map
 * the same file through their own {@code Segment}; they see a frame only once it is published.
 */
public final class Segment implements AutoCloseable {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final Path path;
    private final long baseSequence;
    private final int sizeBytes;
    /** The size the header declares; larger than {@link #sizeBytes} for a file cut short and mapped read-only. */
    private final long declaredSizeBytes;
    private final MappedByteBuffer buffer;
    private final ByteBuffer crcView;
    private final CRC32C crc = new CRC32C();
    /** The journal whose records the header says these are; null in a version 1 segment. */
    private final JournalId identity;
    /** What stored frame checksums are XORed with ({@link SegmentLayout#frameMask}; 0 in version 1). */
    private final int mask;
    /** The header's digest of the records before this segment ({@link HistoryDigest#EMPTY} in version 1). */
    private final long digestBefore;
    /** The digest after the last record the writer appended through this object. */
    private long digest;
    private boolean closed;

    private Segment(Path path, long baseSequence, int sizeBytes, long declaredSizeBytes, MappedByteBuffer buffer,
                    JournalId identity, long digestBefore) {
        this.path = path;
        this.baseSequence = baseSequence;
        this.sizeBytes = sizeBytes;
        this.declaredSizeBytes = declaredSizeBytes;
        this.buffer = buffer;
        this.buffer.order(ByteOrder.LITTLE_ENDIAN);
        this.crcView = buffer.duplicate();
        this.identity = identity;
        this.mask = identity == null ? 0 : SegmentLayout.frameMask(identity.high(), identity.low());
        this.digestBefore = digestBefore;
        this.digest = digestBefore;
    }

    /**
     * Creates, zero-fills, forces and maps a new segment of journal {@code identity} whose first
     * record will be {@code baseSequence}, the records before it folding to {@code digestBefore}.
     */
    public static Segment create(Path dir, long baseSequence, int sizeBytes, JournalId identity, long digestBefore) {
        return activate(Zeroing.prepare(dir, "creating-" + baseSequence + TMP_SUFFIX, sizeBytes, true), dir, baseSequence,
                identity, digestBefore);
    }

    /** Suffix of a prepared segment file that has no header yet; recovery deletes such files. */
    public static final String TMP_SUFFIX = ".tgj.tmp";


    /**
     * Writes the header (journal {@code identity}, {@code digestBefore} of the records before
     * {@code baseSequence}) into {@code blank} and renames it to the segment file of {@code baseSequence}.
     */
    public static Segment activate(Blank blank, Path dir, long baseSequence, JournalId identity, long digestBefore) {
        Path file = dir.resolve(SegmentLayout.fileName(baseSequence));
        SegmentLayout.writeHeader(blank.map(), blank.sizeBytes(), baseSequence, identity.high(), identity.low(),
                digestBefore);
        try {
            Files.move(blank.file(), file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot rename " + blank.file() + " to " + file, e);
        }
        return new Segment(file, baseSequence, blank.sizeBytes(), blank.sizeBytes(), blank.map(), identity, digestBefore);
    }

    /**
     * Maps an existing segment. Returns null and puts the damage in {@code why[0]} when its header
     * is not valid for a segment whose file name says {@code baseSequence}, or the file's size is not
     * the one its header says. Segments are preallocated, so no crash leaves a file shorter than
     * its header says: a short file is damage (a copy cut short, a truncation), never a torn tail,
     * and is refused like a longer one. Whose records the segment holds is for the caller to check
     * ({@link #identity()}).
     */
    public static Segment open(Path file, long baseSequence, boolean writable, Damage[] why) {
        return open(file, baseSequence, writable, false, why);
    }

    /**
     * Maps an existing segment read-only for an operator's repair or a scan's count: like
     * {@link #open} but a file of another size than its header says is mapped too, up to its
     * declared size or its actual size, whichever is smaller (never past the end of the file:
     * reading a mapping past the end of its file crashes the JVM).
     */
    public static Segment openForRepair(Path file, long baseSequence, Damage[] why) {
        return open(file, baseSequence, false, true, why);
    }

    /** Returns the segment size its header declares (more than {@link #sizeBytes()} for a file cut short). */
    public long declaredSizeBytes() {
        return declaredSizeBytes;
    }

    /** Returns the segment size the header of {@code file}, not open, declares (its header was checked by {@link #open}). */
    public static long declaredSize(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return SegmentLayout.segmentSizeOf(readHeader(ch));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read segment " + file + ": " + e, e);
        }
    }

    /** Reads up to a header's bytes from the start of {@code ch}; fewer remain unread when the file is shorter. */
    private static ByteBuffer readHeader(FileChannel ch) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(SegmentLayout.HEADER_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        while (header.hasRemaining() && ch.read(header, header.position()) > 0) {
            // a short read: ask for the rest
        }
        return header;
    }

    private static Segment open(Path file, long baseSequence, boolean writable, boolean anySize, Damage[] why) {
        try (FileChannel ch = writable
                ? FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = readHeader(ch);
            if (header.hasRemaining()) {
                why[0] = new Damage(file, 0, "file of " + ch.size() + " bytes is shorter than a segment header");
                return null;
            }
            String bad = SegmentLayout.checkHeader(header, baseSequence);
            if (bad != null) {
                why[0] = new Damage(file, 0, "segment header: " + bad);
                return null;
            }
            long declared = SegmentLayout.segmentSizeOf(header);
            long size = ch.size();
            if (size != declared && !anySize) {
                why[0] = size > declared
                        ? new Damage(file, declared, "file of " + size + " bytes is larger than its header's segment size "
                                + declared + " (" + (size - declared) + " bytes appended)")
                        : new Damage(file, size, "file of " + size + " bytes is shorter than its header's segment size "
                                + declared + ": segments are preallocated, so it was cut short (damage, not a torn tail)");
                return null;
            }
            size = Math.min(size, declared);
            MappedByteBuffer map = ch.map(writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY,
                    0, size);
            JournalId identity = SegmentLayout.versionOf(header) == SegmentLayout.PREVIOUS_VERSION ? null
                    : new JournalId(SegmentLayout.identityHighOf(header), SegmentLayout.identityLowOf(header));
            long digestBefore = identity == null ? HistoryDigest.EMPTY : SegmentLayout.digestBeforeOf(header);
            return new Segment(file, baseSequence, (int) size, declared, map, identity, digestBefore);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open segment " + file + ": " + e, e);
        }
    }

    /** Returns the journal whose records the header says these are, or null for a version 1 segment (which names none). */
    public JournalId identity() {
        return identity;
    }

    /** Returns the header's digest of every record before this segment (meaningless for a version 1 segment). */
    public long digestBefore() {
        return digestBefore;
    }

    /** Returns the digest after the last record appended through this object (or set by {@link #resumeDigest}). */
    public long digest() {
        return digest;
    }

    /** Sets the running digest of a reopened tail to that of the records it already holds. */
    public void resumeDigest(long digestAfterKept) {
        this.digest = digestAfterKept;
    }

    /** Returns what stored frame checksums are XORed with in this segment (0 in version 1). */
    public int mask() {
        return mask;
    }

    /** Returns the record checksum (unmasked) of the checked frame at {@code position}. */
    public int recordCrcAt(int position) {
        return FrameCodec.recordCrc(buffer, position, mask);
    }

    /** Returns the file of this segment. */
    public Path path() {
        return path;
    }

    /** Returns the sequence of the first record in this segment. */
    public long baseSequence() {
        return baseSequence;
    }

    /** Returns the size of the segment file in bytes. */
    public int sizeBytes() {
        return sizeBytes;
    }

    /** Returns true when a frame of {@code payloadLength} starting at {@code position} leaves room for a roll marker. */
    public boolean fits(int position, int payloadLength) {
        return (long) position + SegmentLayout.align(FrameCodec.HEADER_LENGTH + payloadLength)
                <= sizeBytes - SegmentLayout.ALIGNMENT;
    }

    /** Writes and publishes a frame of {@code src}'s remaining bytes (position unchanged); returns the next position. */
    public int append(int position, long sequence, ByteBuffer src) {
        digest = HistoryDigest.fold(digest, FrameCodec.writeBody(buffer, crcView, crc, position, sequence, src, mask));
        return publish(position, src.remaining());
    }

    /** Writes and publishes a frame of {@code src[offset, offset + length)}; returns the next position. */
    public int append(int position, long sequence, byte[] src, int offset, int length) {
        digest = HistoryDigest.fold(digest,
                FrameCodec.writeBody(buffer, crcView, crc, position, sequence, src, offset, length, mask));
        return publish(position, length);
    }

    /**
     * Copies the whole checked frame of {@code frameLength} bytes at {@code at} in {@code src}, whose
     * checksum is stored under {@code srcMask} (0 on the replication wire), its record checksum
     * as it came, and publishes it; returns the next position.
     */
    public int appendFrame(int position, ByteBuffer src, int at, int frameLength, int srcMask) {
        digest = HistoryDigest.fold(digest, FrameCodec.copyBody(buffer, position, src, at, frameLength, srcMask, mask));
        return publish(position, frameLength - FrameCodec.HEADER_LENGTH);
    }

    /** Publishes the frame length last, with release semantics: a reader that sees it sees the frame. */
    private int publish(int position, int payloadLength) {
        int frameLength = FrameCodec.HEADER_LENGTH + payloadLength;
        INT.setRelease(buffer, position + FrameCodec.LENGTH_OFFSET, frameLength);
        return position + SegmentLayout.align(frameLength);
    }

    /** Publishes the roll marker at {@code position}: readers continue in the next segment. */
    public void appendRollMarker(int position) {
        INT.setRelease(buffer, position + FrameCodec.LENGTH_OFFSET, SegmentLayout.ROLL_MARKER);
    }

    /** Returns true when the file holds all four bytes of a frame length at {@code position} (false past a short file's end). */
    boolean holdsLengthAt(int position) {
        return position <= sizeBytes - 4;
    }

    /** Returns the published frame length at {@code position} (acquire read). */
    public int frameLength(int position) {
        if (!holdsLengthAt(position)) {
            return 0;
        }
        return (int) INT.getAcquire(buffer, position + FrameCodec.LENGTH_OFFSET);
    }

    /** Checks the frame at {@code position}; {@code expectedSequence} &lt; 0 accepts any sequence. */
    public FrameStatus check(int position, long expectedSequence) {
        if (!holdsLengthAt(position)) {
            // a file cut short inside a frame's length field: torn if any of its bytes were written
            return endOfNonZero(position) > position ? FrameStatus.BAD_LENGTH : FrameStatus.END;
        }
        int frameLength = frameLength(position);
        if (frameLength == 0) {
            return FrameStatus.END;
        }
        if (frameLength == SegmentLayout.ROLL_MARKER) {
            return FrameStatus.ROLL;
        }
        if (!FrameCodec.lengthInRange(frameLength, sizeBytes - position)) {
            return FrameStatus.BAD_LENGTH;
        }
        return FrameCodec.check(buffer, crcView, crc, position, frameLength, expectedSequence, mask);
    }

    /** Returns the sequence stored in the frame at {@code position}. */
    public long sequenceAt(int position) {
        return FrameCodec.sequence(buffer, position);
    }

    /** Sets {@code view} (a duplicate of this segment's buffer) to the payload of the frame at {@code position}. */
    public ByteBuffer payload(ByteBuffer view, int position) {
        int frameLength = frameLength(position);
        view.limit(position + frameLength).position(position + FrameCodec.HEADER_LENGTH);
        return view;
    }

    /** Sets {@code view} (a duplicate of this segment's buffer) to the whole frame at {@code position}, unpadded. */
    public ByteBuffer frame(ByteBuffer view, int position) {
        view.limit(position + frameLength(position)).position(position);
        return view;
    }

    /** Returns a new read view of the whole segment for {@link #payload(ByteBuffer, int)}. */
    public ByteBuffer newView() {
        return buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Returns the position just past the frame at {@code position}. */
    public int next(int position) {
        return position + SegmentLayout.align(frameLength(position));
    }

    /** Forces bytes {@code [from, to)} of the mapping to the storage device. */
    public void force(int from, int to) {
        if (to > from) {
            buffer.force(from, to - from);
        }
    }

    /**
     * Returns the position of the first frame at or after {@code from} (8-byte aligned) that proves
     * records were written there: an intact frame (length in range, matching CRC32C) whose sequence
     * is at least {@code minSequence}, or a roll marker (written only after a segment's last
     * record). Returns -1 when there is none. Reads the rest of the segment: 3.9 to 20.7 ms for a
     * 64 MiB segment of zeros, the first call slowest (7 calls, JDK 17, the 2-vCPU build machine,
     * 2026-11-24; a throwaway timing loop around this method under {@code flock /work/bench.lock}).
     */
    public int findWrittenFrame(int from, long minSequence) {
        for (int p = SegmentLayout.align(from); p <= sizeBytes - SegmentLayout.ALIGNMENT; p += SegmentLayout.ALIGNMENT) {
            int length = FrameCodec.length(buffer, p);
            if (length == 0) {
                continue;
            }
            length = frameLength(p); // acquire: a frame published after the plain read is seen whole
            if (length == SegmentLayout.ROLL_MARKER) {
                return p;
            }
            if (FrameCodec.lengthInRange(length, sizeBytes - p)
                    && FrameCodec.check(buffer, crcView, crc, p, length, -1, mask) == FrameStatus.OK
                    && FrameCodec.sequence(buffer, p) >= minSequence) {
                return p;
            }
        }
        return -1;
    }

    /** Returns the index just past the last non-zero byte at or after {@code from}, or {@code from} if all zero. */
    public int endOfNonZero(int from) {
        int end = from;
        int i = from;
        while (i < sizeBytes && (i & 7) != 0) {
            if (buffer.get(i) != 0) {
                end = i + 1;
            }
            i++;
        }
        for (; i + 8 <= sizeBytes; i += 8) {
            if (buffer.getLong(i) != 0) {
                end = i + 8;
            }
        }
        for (; i < sizeBytes; i++) {
            if (buffer.get(i) != 0) {
                end = i + 1;
            }
        }
        return end;
    }

    /** Zeroes bytes {@code [from, to)} and forces them (used to cut a torn tail). */
    public void zero(int from, int to) {
        for (int i = from; i < to; i++) {
            buffer.put(i, (byte) 0);
        }
        force(from, to);
    }

    /**
     * Unmaps the segment now ({@link Unmapper}; where that is unavailable the mapping goes with the
     * garbage collector). Called only by the one owner of this {@code Segment} once nothing reads
     * or writes it any more: any later access, through this object or a view of its buffer
     * (a payload handed to a {@link RecordHandler}), would crash the JVM. Idempotent.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Unmapper.unmap(buffer);
        }
    }

    /** Returns true once {@link #close()} was called (the mapping is released where {@link Unmapper} can). */
    public boolean isClosed() {
        return closed;
    }

    @Override
    public String toString() {
        return "Segment[" + path.getFileName() + "]";
    }
}
