package io.tailguard.journal;

import io.tailguard.config.Check;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.segment.SegmentScanner;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Not thread-safe: reads a journal's records in order from any sequence and follows live appends
 * (from this or another process). Every record is checked (length, CRC32C, sequence) before it is
 * handed out; a bad one throws {@link CorruptRecordException} and is never returned.
 *
 * <p>A tailer sees records once they are written, which may be before they are committed
 * (visibility is not durability): a consumer that must only act on committed records reads up
 * to {@link Journal#committedSequence()}.
 */
public final class Tailer implements AutoCloseable {

    private final Path directory;
    private final long fromSequence;
    private Segment segment;
    private ByteBuffer view;
    private int position;
    private long expected;

    private Tailer(Path directory, long fromSequence) {
        this.directory = directory;
        this.fromSequence = fromSequence;
    }

    /**
     * Opens a tailer whose first record will be {@code fromSequence} (once it exists).
     *
     * @throws IllegalArgumentException when the journal holds no segment or starts after {@code fromSequence}
     */
    public static Tailer open(Path directory, long fromSequence) {
        Check.positive("fromSequence", fromSequence);
        List<Long> bases = SegmentScanner.bases(directory);
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("directory must hold a journal but was " + directory);
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
        Tailer t = new Tailer(directory, fromSequence);
        t.enter(base);
        return t;
    }

    /** Returns the sequence of the record the next successful {@link #poll} returns. */
    public long nextSequence() {
        return Math.max(expected, fromSequence);
    }

    /**
     * Hands the next record to {@code handler} if one is available.
     *
     * @return true if a record was handed out, false if the tailer is at the end for now
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
                    return false;
                }
                case ROLL -> enter(expected);
                default -> throw new CorruptRecordException("corrupt record in " + segment.path() + " at byte "
                        + position + " (expected sequence " + expected + "): " + st.reason());
            }
        }
    }

    private void enter(long base) {
        String[] why = new String[1];
        Path file = directory.resolve(SegmentLayout.fileName(base));
        Segment s = Segment.open(file, base, false, why);
        if (s == null) {
            throw new CorruptRecordException("cannot read segment " + file + ": " + why[0]);
        }
        segment = s;
        view = s.newView();
        position = SegmentLayout.HEADER_LENGTH;
        expected = base;
    }

    @Override
    public void close() {
        segment.close();
    }
}
