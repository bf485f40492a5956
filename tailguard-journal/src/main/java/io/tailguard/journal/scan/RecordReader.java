package io.tailguard.journal.scan;

import io.tailguard.config.Check;
import io.tailguard.journal.CorruptRecordException;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.RecordHandler;
import io.tailguard.journal.Tailer;
import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.DirectoryLock;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Not thread-safe: reads a journal's records in order from any sequence and follows live appends,
 * checking each one; what a {@link Tailer} is, plus what replication needs: whole frames, a
 * record's checksum, and the segments it leaves handed to a caller.
 *
 * <p>A frame of length 0 where records were written is damage, not the end ({@link Tailer} says
 * what it throws). While the journal is open for appending in this JVM,
 * "records were written" is its written watermark: a frame of length 0 below it is damage, an O(1)
 * check. Otherwise the reader looks ahead, in its segment for an intact frame or a roll marker and
 * in the directory for a later segment holding data; that reads the rest of the segment
 * (milliseconds for 64 MiB, {@link Segment#findWrittenFrame}), so it runs at the first wait in
 * each segment and then after 64, 128, ... up to 65,536 waiting polls.
 */
public final class RecordReader implements AutoCloseable {

    private final Path directory;
    private final Path writerKey;
    private final long fromSequence;
    /** Unmaps a segment this reader left (now, or later on another thread). */
    private final Consumer<Segment> retire;
    /** The directory's {@code journal.id} when the reader opened (null without one): another journal's segment is refused. */
    private final JournalId identity;
    private Segment segment;
    private ByteBuffer view;
    private int position;
    private long expected;
    private long endPolls;
    private long nextDamageCheck;
    private long damageCheckInterval = FIRST_CHECK_INTERVAL;
    private long lookAheads;

    private static final long FIRST_CHECK_INTERVAL = 64;
    private static final long MAX_CHECK_INTERVAL = 1 << 16;

    private RecordReader(Path directory, long fromSequence, Consumer<Segment> retire) {
        this.directory = directory;
        this.identity = IdFile.read(directory.resolve(IdFile.JOURNAL_ID));
        this.fromSequence = fromSequence;
        this.writerKey = DirectoryLock.keyOf(directory);
        this.retire = retire;
    }

    /**
     * Opens a reader whose first record will be {@code fromSequence} (once it exists), that hands
     * each segment it leaves to {@code retire} ({@link Segment#close} unmaps it on the reading
     * thread; the replication sender hands them to the journal's preparer).
     *
     * @throws IllegalArgumentException when the journal holds no segment or starts after {@code fromSequence}
     */
    public static RecordReader open(Path directory, long fromSequence, Consumer<Segment> retire) {
        Check.positive("fromSequence", fromSequence);
        List<Long> bases = SegmentScanner.bases(directory);
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("directory must hold a journal but was " + directory);
        }
        if (fromSequence < bases.get(0) && bases.get(0) != 1) {
            throw new CorruptRecordException("the first segment " + directory.resolve(SegmentLayout.fileName(1))
                    + " is missing: the oldest segment file starts at sequence " + bases.get(0));
        }
        if (fromSequence < bases.get(0)) {
            throw new IllegalArgumentException("fromSequence must be >= " + bases.get(0) + " but was " + fromSequence);
        }
        long base = bases.get(0);
        for (long b : bases) {
            if (b <= fromSequence) {
                base = b;
            }
        }
        RecordReader t = new RecordReader(directory, fromSequence, retire);
        t.enter(base);
        return t;
    }

    /** Returns the sequence of the record the next successful {@link #poll} or {@link #pollFrame} returns. */
    public long nextSequence() {
        return Math.max(expected, fromSequence);
    }

    /**
     * Hands the next record to {@code handler} if one is available.
     *
     * @return true if a record was handed out, false if the reader is at the end for now
     * @throws CorruptRecordException if the next frame is torn or corrupt
     */
    public boolean poll(RecordHandler handler) {
        return next(handler, false);
    }

    /**
     * Like {@link #poll} but hands out the whole checked frame instead of the payload: length,
     * CRC32C, sequence and payload, without the alignment padding (the layout of
     * {@link SegmentLayout}). Lets replication forward a record verbatim, checksum included.
     */
    public boolean pollFrame(RecordHandler handler) {
        return next(handler, true);
    }

    /**
     * Returns how many times this reader looked ahead past a frame of length 0 for proof of damage
     * (each reads the rest of its segment); 0 while the journal's writer is in this JVM, as it is
     * for the replication sender, which asks the writer's watermark instead.
     */
    public long lookAheads() {
        return lookAheads;
    }

    /** What {@link #pollFrameCrc()} returns when no record is available. */
    public static final long NO_FRAME = -1;

    /**
     * Reads the next record and returns its record checksum (unsigned, unmasked), the value
     * replication's handshake compares, or {@link #NO_FRAME} when none is available yet.
     */
    public long pollFrameCrc() {
        long[] crc = {NO_FRAME};
        next((seq, frame) -> crc[0] = FrameCodec.recordCrc(frame, frame.position(), segment.mask()) & 0xFFFF_FFFFL,
                true);
        return crc[0];
    }

    /**
     * Returns what the checksums of the frames {@link #pollFrame} hands out are XORed with (the
     * segment's {@link SegmentLayout#frameMask}; 0 in a segment of the previous format), valid for
     * the frame last handed out.
     */
    public int frameMask() {
        return segment.mask();
    }

    private boolean next(RecordHandler handler, boolean wholeFrame) {
        while (true) {
            FrameStatus st = segment.check(position, expected);
            switch (st) {
                case OK -> {
                    long seq = expected;
                    int at = position;
                    position = segment.next(position);
                    expected++;
                    if (seq >= fromSequence) {
                        handler.onRecord(seq, wholeFrame ? segment.frame(view, at) : segment.payload(view, at));
                        return true;
                    }
                }
                case END -> {
                    if (!damagedAtEnd()) {
                        return false;
                    }
                }
                case ROLL -> enter(expected);
                default -> throw new CorruptRecordException("corrupt record in " + segment.path() + " at byte "
                        + position + " (expected sequence " + expected + "): " + st.reason());
            }
        }
    }

    /**
     * Looks past a frame of length 0 for proof that records were written after it; throws when it
     * finds some and the frame is still unwritten, returns false when it is the end for now and
     * true when the frame was published meanwhile.
     */
    private boolean damagedAtEnd() {
        LongSupplier writer = writerKey == null ? null : DirectoryLock.liveWriter(writerKey);
        if (writer != null) {
            long written = writer.getAsLong();
            if (written < expected) {
                return false;
            }
            // the writer publishes a frame's length (or the roll marker) before it raises the watermark
            if (segment.check(position, expected) != FrameStatus.END) {
                return true;
            }
            throw new CorruptRecordException("corrupt journal: no record in " + segment.path() + " at byte "
                    + position + " (expected sequence " + expected + ", length 0: zeroed) but the journal's writer "
                    + "published up to sequence " + written);
        }
        if (++endPolls < nextDamageCheck) {
            return false;
        }
        nextDamageCheck = endPolls + damageCheckInterval;
        damageCheckInterval = Math.min(MAX_CHECK_INTERVAL, damageCheckInterval * 2);
        lookAheads++;
        int written = segment.findWrittenFrame(position + SegmentLayout.ALIGNMENT, expected);
        String evidence = written >= 0 ? "data follows at byte " + written : laterSegmentWithData();
        if (evidence == null) {
            return false;
        }
        // a writer publishes frames in order: once we saw a later one, this one is published too
        if (segment.check(position, expected) != FrameStatus.END) {
            return true;
        }
        throw new CorruptRecordException("corrupt journal: no record in " + segment.path() + " at byte " + position
                + " (expected sequence " + expected + ", length 0: zeroed or never written) but " + evidence);
    }

    /** Returns a description of a later segment whose first frame is written, or null. */
    private String laterSegmentWithData() {
        Damage[] why = new Damage[1];
        for (long base : SegmentScanner.bases(directory)) {
            if (base > segment.baseSequence()) {
                Segment later = Segment.open(SegmentFiles.file(directory, base), base, false, why);
                if (later == null) {
                    return "segment " + why[0].describe();
                }
                try (later) {
                    if (later.frameLength(SegmentLayout.HEADER_LENGTH) != 0) {
                        return "segment " + later.path() + " holds records";
                    }
                }
            }
        }
        return null;
    }

    private void enter(long base) {
        Damage[] why = new Damage[1];
        Path file = SegmentFiles.file(directory, base);
        if (segment != null && !Files.exists(file)) {
            throw new CorruptRecordException("corrupt journal: segment file " + file + " is missing ("
                    + segment.path() + " ends with a roll marker before sequence " + base + ")");
        }
        Segment s = Segment.open(file, base, false, why);
        if (s == null) {
            throw new CorruptRecordException("corrupt journal: cannot read segment " + why[0].describe());
        }
        if (s.identity() != null && !s.identity().equals(identity)) {
            s.close();
            throw new CorruptRecordException("corrupt journal: segment " + file + " holds records of journal "
                    + s.identity() + ", not of this directory's journal " + identity);
        }
        if (segment != null) {
            retire.accept(segment); // the handler's views of it were valid only during their call
        }
        segment = s;
        view = s.newView();
        position = SegmentLayout.HEADER_LENGTH;
        expected = base;
        nextDamageCheck = endPolls; // the first wait in a new segment looks ahead at once
    }

    @Override
    public void close() {
        segment.close();
    }
}
