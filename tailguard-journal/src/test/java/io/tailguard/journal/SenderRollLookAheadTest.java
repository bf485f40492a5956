package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Segment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replication sender's reader (opened as the sender opens it, in the writer's JVM) enters a
 * segment after a roll without reading the rest of it, and still refuses a zeroed record there.
 */
class SenderRollLookAheadTest {

    private static final int WAITS = 100_000;

    @TempDir
    Path dir;

    @Test
    void besideItsWriterTheReaderWaitsInANewSegmentWithoutLookingAhead() {
        try (Journal j = Journal.open(DamagedJournal.config(dir));
                RecordReader r = RecordReader.open(dir, 1, Segment::close)) {
            long last = writeIntoSecondSegment(j, dir);
            assertThat(Payloads.drain(r)).hasSize((int) last);
            for (int i = 0; i < WAITS; i++) {
                assertThat(r.pollFrame((seq, frame) -> { })).isFalse();
            }
            assertThat(r.lookAheads()).isZero();
            j.appendBlocking(DamagedJournal.payload(last + 1));
            assertThat(r.pollFrame((seq, frame) -> assertThat(seq).isEqualTo(last + 1))).isTrue();
        }
    }

    @Test
    void withoutItsWriterTheReaderLooksAheadAtItsFirstWaitInTheNewSegment() {
        long last;
        try (Journal j = Journal.open(DamagedJournal.config(dir))) {
            last = writeIntoSecondSegment(j, dir);
        }
        try (RecordReader r = RecordReader.open(dir, 1, Segment::close)) {
            assertThat(Payloads.drain(r)).hasSize((int) last);
            assertThat(r.lookAheads()).isEqualTo(1);
        }
    }

    @Test
    void besideItsWriterTheReaderRefusesAZeroedRecordInTheNewSegmentWithoutLookingAhead() {
        try (Journal j = Journal.open(DamagedJournal.config(dir));
                RecordReader r = RecordReader.open(dir, 1, Segment::close)) {
            long last = writeIntoSecondSegment(j, dir);
            DamagedJournal.Frame f = DamagedJournal.frame(dir, last - 1);
            assertThat(f.file()).isEqualTo(DamagedJournal.segment(dir, 1));
            DamagedJournal.zero(f.file(), f.position(), 4);
            assertThatThrownBy(() -> Payloads.drain(r))
                    .isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining(f.file() + " at byte " + f.position())
                    .hasMessageContaining("expected sequence " + (last - 1));
            assertThat(r.lookAheads()).isZero();
        }
    }

    /** Appends until the journal rolled into its second segment and holds three records there; returns the last. */
    private static long writeIntoSecondSegment(Journal j, Path dir) {
        long seq = 0;
        while (SegmentScanner.bases(dir).size() < 2) {
            seq = j.appendBlocking(DamagedJournal.payload(seq + 1));
        }
        for (int i = 0; i < 2; i++) {
            seq = j.appendBlocking(DamagedJournal.payload(seq + 1));
        }
        return seq;
    }
}
