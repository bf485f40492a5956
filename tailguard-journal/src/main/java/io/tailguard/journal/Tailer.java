package io.tailguard.journal;

import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.segment.Segment;
import java.nio.file.Path;

/**
 * Not thread-safe: reads a journal's records in order from any sequence and follows live appends
 * (from this or another process). Every record is checked (length, CRC32C, sequence) before it is
 * handed out; a bad one throws {@link CorruptRecordException} and is never returned.
 *
 * <p>A tailer sees records once they are written, which may be before they are committed
 * (visibility is not durability): a consumer that must only act on committed records reads up
 * to {@link Journal#committedSequence()}.
 *
 * <p>Damage is never taken for the end: a frame of length 0 where records were written throws
 * {@link CorruptRecordException} (a zeroed region, or a record that lost its length, with records
 * after it), and so does a missing segment.
 */
public final class Tailer implements AutoCloseable {

    private final RecordReader reader;

    private Tailer(RecordReader reader) {
        this.reader = reader;
    }

    /**
     * Opens a tailer whose first record will be {@code fromSequence} (once it exists).
     *
     * @throws IllegalArgumentException when the journal holds no segment or starts after {@code fromSequence}
     */
    public static Tailer open(Path directory, long fromSequence) {
        return new Tailer(RecordReader.open(directory, fromSequence, Segment::close));
    }

    /** Returns the sequence of the record the next successful {@link #poll} returns. */
    public long nextSequence() {
        return reader.nextSequence();
    }

    /**
     * Hands the next record to {@code handler} if one is available.
     *
     * @return true if a record was handed out, false if the tailer is at the end for now
     * @throws CorruptRecordException if the next frame is torn or corrupt
     */
    public boolean poll(RecordHandler handler) {
        return reader.poll(handler);
    }

    @Override
    public void close() {
        reader.close();
    }
}
