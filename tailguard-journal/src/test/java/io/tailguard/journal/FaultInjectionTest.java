package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tailguard.journal.replication.DigestAt;
import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Damages a real journal (1,500 records of 150 bytes in four 64 KiB segments) as an operator
 * might find it and checks, for each case, that no committed record is lost or altered: a refused
 * open names the file, the byte offset and the reason, agrees with {@code verify}, and changes no
 * byte on disk; a tailer returns only intact records and then throws instead of reporting the
 * end; {@link JournalRepair} keeps the intact prefix and moves the rest aside, after which open
 * and verify succeed. A real torn tail is still cut.
 */
class FaultInjectionTest extends StandardJournalFixture {

    private Path dir;

    @BeforeEach
    void copyJournal() {
        dir = DamagedJournal.copy(original, tmp.resolve("journal"));
    }

    private static JournalConfig config(Path dir) {
        return DamagedJournal.config(dir);
    }

    @Test
    void zeroedLengthInTheNewestSegmentIsRefusedNotCut() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 1429);
        DamagedJournal.zero(f.file(), f.position(), 4);
        ScanReport r = assertRefusedAndRepairable(f.file(), f.position(), "no record here");
        assertThat(r.problem()).contains("an intact record (sequence 1430) follows");
    }

    @Test
    void zeroedPageMidRecordInTheNewestSegmentIsRefused() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 1429);
        DamagedJournal.zero(f.file(), f.position() + 50, 4096);
        assertRefusedAndRepairable(f.file(), f.position(), "checksum mismatch");
    }

    @Test
    void zeroedPageMidRecordInAMiddleSegmentIsRefused() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 600);
        assertThat(f.file()).isEqualTo(DamagedJournal.segment(dir, 1));
        DamagedJournal.zero(f.file(), f.position() + 50, 4096);
        assertRefusedAndRepairable(f.file(), f.position(), "checksum mismatch");
    }

    @Test
    void zeroedPageFromARecordStartInAMiddleSegmentIsRefused() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 600);
        DamagedJournal.zero(f.file(), f.position(), 4096);
        assertRefusedAndRepairable(f.file(), f.position(), "no record here");
    }

    @Test
    void aMiddleSegmentZeroedToItsEndIsRefusedBecauseTheNextSegmentHoldsRecords() throws IOException {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 700);
        DamagedJournal.zero(f.file(), f.position(), (int) (Files.size(f.file()) - f.position()));
        ScanReport r = assertRefusedAndRepairable(f.file(), f.position(), "no record here");
        assertThat(r.problem()).contains("the later segment " + DamagedJournal.segment(original, 2).getFileName()
                + " holds data");
    }

    @Test
    void flippedLengthBytesInTheNewestSegmentAreRefused() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 1429);
        Path second = DamagedJournal.copy(dir, tmp.resolve("second"));
        DamagedJournal.flip(f.file(), f.position()); // the low byte: a wrong but plausible length
        assertRefusedAndRepairable(f.file(), f.position(), "checksum mismatch");
        dir = second;
        Path file = second.resolve(f.file().getFileName());
        DamagedJournal.flip(file, f.position() + 1); // past the segment's end
        assertRefusedAndRepairable(file, f.position(), "frame length out of range");
    }

    @Test
    void flippedHeaderByteInTheNewestSegmentIsRefused() {
        Path newest = DamagedJournal.segment(dir, 3);
        DamagedJournal.flip(newest, 20);
        assertRefusedAndRepairable(newest, 0, "segment header: header checksum mismatch");
    }

    @Test
    void flippedHeaderByteInAMiddleSegmentIsRefused() {
        Path middle = DamagedJournal.segment(dir, 1);
        DamagedJournal.flip(middle, 40);
        assertRefusedAndRepairable(middle, 0, "segment header: header checksum mismatch");
    }

    @Test
    void junkAppendedPastTheNewestAndAMiddleSegmentIsRefusedAndTheRepairOpenSuggestsKeepsEveryRecord() {
        Path second = DamagedJournal.copy(dir, tmp.resolve("second"));
        Path newest = DamagedJournal.segment(dir, 3);
        DamagedJournal.append(newest, 100);
        assertJunkRefusedThenTrimmed(newest, 100);
        dir = second;
        Path middle = DamagedJournal.segment(dir, 1);
        DamagedJournal.append(middle, 4096);
        assertJunkRefusedThenTrimmed(middle, 4096);
    }

    /** Open refuses; its hint keeps all 1,500 records, because the repair only trims the appended bytes. */
    private void assertJunkRefusedThenTrimmed(Path file, int junk) {
        Map<String, String> before = DamagedJournal.hashes(dir);
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.summary()).startsWith("CORRUPT records=1500 first_seq=1 last_seq=1500 segments=4 ")
                .contains("first_bad=" + file.getFileName() + "@" + SEGMENT)
                .contains("larger than its header's segment size " + SEGMENT + " (" + junk + " bytes appended)")
                .endsWith("open=refuses");
        JournalCorruptedException e = catchThrowableOfType(() -> Journal.open(config(dir)).close(),
                JournalCorruptedException.class);
        assertThat(e.report()).isEqualTo(verified);
        assertThat(e.getMessage()).contains("Records 1..1500 are intact").contains("--truncate-after 1500");
        assertThat(DamagedJournal.hashes(dir)).as("a refused open changes nothing").isEqualTo(before);
        Clock clock = Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC);
        RepairReport repaired = JournalRepair.truncateAfter(dir, verified.lastSequence(), clock);
        assertThat(repaired.movedFiles()).isEmpty();
        assertThat(DamagedJournal.hashes(repaired.backupDirectory()).get(file.getFileName().toString()))
                .as("the original is kept aside").isEqualTo(before.get(file.getFileName().toString()));
        assertIntact(dir, RECORDS);
    }

    @Test
    void deletedFirstSegmentIsRefused() throws IOException {
        Files.delete(DamagedJournal.segment(dir, 0));
        ScanReport r = assertRefused(dir.resolve(SegmentLayout.fileName(1)), 0, "the first segment is missing", true);
        assertThat(r.records()).isZero();
        assertThatThrownBy(() -> Journal.open(config(dir))).hasMessageContaining("nothing on disk was changed. No record "
                + "from sequence 1 on is intact; to move every segment aside and start the journal again run");
    }

    @Test
    void missingMiddleSegmentIsRefused() throws IOException {
        Path middle = DamagedJournal.segment(dir, 1);
        Files.delete(middle);
        assertRefusedAndRepairable(middle, 0, "segment file is missing");
    }

    @Test
    void missingNewestSegmentIsRefused() throws IOException {
        Path newest = DamagedJournal.segment(dir, 3);
        Files.delete(newest);
        assertRefusedAndRepairable(newest, 0, "ends with a roll marker");
    }

    @Test
    void aFileNamedLikeASegmentButNotOneIsRefusedAndOtherFilesAreIgnored() throws IOException {
        Files.writeString(dir.resolve("operator-notes.txt"), "not a segment"); // files we do not know are left alone
        Path junk = Files.writeString(dir.resolve("orders-backup.tgj"), "x");
        ScanReport r = assertRefused(junk, 0, "is not a segment name", false);
        assertThat(r.records()).isEqualTo(RECORDS);
        Files.delete(junk);
        try (Journal j = Journal.open(config(dir))) {
            assertThat(j.recovery().consistent()).isTrue();
        }
    }

    @Test
    void anIntactFrameOutOfSequenceIsRefusedEvenAsTheLastRecord() throws IOException {
        DamagedJournal.Frame older = DamagedJournal.frame(dir, 1429);
        DamagedJournal.Frame last = DamagedJournal.frame(dir, RECORDS);
        byte[] frame = new byte[SegmentLayout.align(16 + 150)];
        try (RandomAccessFile raf = new RandomAccessFile(older.file().toFile(), "rw")) {
            raf.seek(older.position());
            raf.readFully(frame);
            raf.seek(last.position());
            raf.write(frame); // record 1429 again where 1500 was: a copy gone wrong, not a crash
        }
        ScanReport r = assertRefusedAndRepairable(last.file(), last.position(), "sequence out of order");
        assertThat(r.problem()).contains("holds sequence 1429 where 1500 was expected");
    }

    @Test
    void aNewestSegmentCutShortAtARecordBoundaryIsRefusedNotExtended() throws IOException {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, 1429);
        DamagedJournal.cutAt(f.file(), f.position()); // a copy gone wrong: records 1429..1500 are not in the file
        // a tailer does not map a segment whose size is not its header's: it stops before it, with an exception
        ScanReport r = assertRefused(f.file(), f.position(), "shorter than its header's segment size " + SEGMENT
                + ": segments are preallocated, so it was cut short (damage, not a torn tail)", true,
                SegmentLayout.baseSequenceOf(f.file().getFileName().toString()) - 1);
        assertThat(r.lastSequence()).isEqualTo(1428);
        RepairReport repaired = JournalRepair.truncateAfter(dir, r.lastSequence(),
                Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC));
        assertThat(repaired.cutFile()).isEqualTo(f.file());
        assertThat(repaired.extendedBytes()).isEqualTo(SEGMENT - f.position());
        assertThat(Files.size(repaired.backupDirectory().resolve(f.file().getFileName()))).isEqualTo(f.position());
        try (Journal j = Journal.open(config(dir))) {
            assertThat(j.appendBlocking(DamagedJournal.payload(1429))).isEqualTo(1429);
        }
        assertIntact(dir, 1429);
    }

    @Test
    void aTornLastRecordIsStillCutAndOnlyIt() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, RECORDS);
        DamagedJournal.flip(f.file(), f.position() + 40);
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.refused()).isFalse();
        assertThat(verified.consistent()).isFalse();
        assertThat(verified.damage().file()).isEqualTo(f.file());
        assertThat(verified.damage().position()).isEqualTo(f.position());
        assertThat(verified.summary()).startsWith("TORN_TAIL records=1499");
        try (Journal j = Journal.open(config(dir))) {
            assertThat(j.recovery()).isEqualTo(verified);
            assertThat(j.recovery().cutBytes()).isEqualTo(SegmentLayout.align(16 + 150));
            assertThat(j.appendBlocking(DamagedJournal.payload(RECORDS))).isEqualTo(RECORDS);
        }
        assertIntact(dir, RECORDS);
    }

    @Test
    void aLastRecordWhoseLengthWasNeverWrittenIsAnUnpublishedTail() {
        DamagedJournal.Frame f = DamagedJournal.frame(dir, RECORDS);
        DamagedJournal.zero(f.file(), f.position(), 4);
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.consistent()).as(verified.summary()).isTrue();
        assertThat(verified.unpublishedBytes()).isPositive();
        try (Journal j = Journal.open(config(dir))) {
            assertThat(j.recovery().lastSequence()).isEqualTo(RECORDS - 1);
        }
        assertIntact(dir, RECORDS - 1);
    }

    @Test
    void anEmptyNextSegmentLeftByARollIsCompletedNotDeleted() {
        Path fresh = tmp.resolve("fresh");
        DamagedJournal.write(fresh, 10, SEGMENT);
        // a crash between renaming the next segment into place and writing the roll marker
        Segment.create(fresh, 11, SEGMENT, IdFile.read(fresh.resolve(IdFile.JOURNAL_ID)),
                DigestAt.after(fresh, 10).getAsLong()).close();
        ScanReport verified = SegmentScanner.verify(fresh);
        assertThat(verified.consistent()).as(verified.summary()).isTrue();
        try (Journal j = Journal.open(config(fresh))) {
            assertThat(j.appendBlocking(DamagedJournal.payload(11))).isEqualTo(11);
        }
        assertThat(SegmentScanner.bases(fresh)).containsExactly(1L, 11L);
        assertIntact(fresh, 11);
    }

    /** Asserts the refusal, then repairs up to the last intact record and checks the result. */
    private ScanReport assertRefusedAndRepairable(Path file, long offset, String reason) {
        Map<String, String> before = DamagedJournal.hashes(dir);
        ScanReport r = assertRefused(file, offset, reason, true);
        Clock clock = Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC);
        RepairReport repaired = JournalRepair.truncateAfter(dir, r.lastSequence(), clock);
        assertThat(repaired.backupDirectory()).isEqualTo(dir.resolve("repair-20261124T010000Z"));
        List<Path> keptAside = new ArrayList<>(repaired.movedFiles());
        if (repaired.cutFile() != null) {
            keptAside.add(repaired.cutFile());
        }
        assertThat(keptAside).as("something was put aside").isNotEmpty();
        Map<String, String> backup = DamagedJournal.hashes(repaired.backupDirectory());
        for (Path f : keptAside) {
            String name = f.getFileName().toString();
            assertThat(backup.get(name)).as("the backup holds %s as it was", name).isEqualTo(before.get(name));
        }
        try (Journal j = Journal.open(config(dir))) {
            assertThat(j.recovery().consistent()).as(j.recovery().summary()).isTrue();
            assertThat(j.recovery().lastSequence()).isEqualTo(r.lastSequence());
            assertThat(j.appendBlocking(DamagedJournal.payload(r.lastSequence() + 1))).isEqualTo(r.lastSequence() + 1);
        }
        assertIntact(dir, r.lastSequence() + 1);
        return r;
    }

    /** Asserts that verify and open refuse alike, that nothing changed on disk and that a tailer throws at the damage. */
    private ScanReport assertRefused(Path file, long offset, String reason, boolean tailerMeetsIt) {
        return assertRefused(file, offset, reason, tailerMeetsIt, -1);
    }

    /** Like {@link #assertRefused(Path, long, String, boolean)}; a tailer stops after {@code tailerStopsAfter} (-1: verify's last). */
    private ScanReport assertRefused(Path file, long offset, String reason, boolean tailerMeetsIt,
                                     long tailerStopsAfter) {
        Map<String, String> before = DamagedJournal.hashes(dir);
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.refused()).as(verified.summary()).isTrue();
        assertThat(verified.consistent()).isFalse();
        assertThat(verified.problemFile()).isEqualTo(file);
        assertThat(verified.problemPosition()).isEqualTo(offset);
        assertThat(verified.problem()).contains(reason);
        assertThat(verified.summary()).startsWith("CORRUPT").endsWith("open=refuses");
        for (int attempt = 0; attempt < 2; attempt++) { // the second attempt: the failed one released its lock
            JournalCorruptedException e = catchThrowableOfType(() -> Journal.open(config(dir)).close(),
                    JournalCorruptedException.class);
            assertThat(e).as("open refuses").isNotNull();
            assertThat(e.getMessage()).contains(file + " at byte " + offset + ": ").contains(reason)
                    .contains("nothing on disk was changed")
                    .contains("--truncate-after " + verified.lastSequence());
            assertThat(e.report()).isEqualTo(verified);
            assertThat(DamagedJournal.hashes(dir)).as("a refused open changes nothing").isEqualTo(before);
        }
        List<Throwable> thrown = new ArrayList<>();
        List<Long> seen = DamagedJournal.readUntilStop(dir, thrown);
        assertThat(seen).isEqualTo(LongStream.rangeClosed(1, tailerStopsAfter < 0 ? verified.lastSequence()
                : tailerStopsAfter).boxed().toList());
        if (tailerMeetsIt) {
            assertThat(thrown).as("the tailer stops at the damage with an exception, not at an 'end'").hasSize(1);
            assertThat(thrown.get(0)).isInstanceOf(CorruptRecordException.class);
        } else {
            assertThat(thrown).isEmpty();
        }
        assertThat(DamagedJournal.hashes(dir)).isEqualTo(before);
        return verified;
    }

    private static void assertIntact(Path dir, long last) {
        ScanReport after = SegmentScanner.verify(dir);
        assertThat(after.consistent()).as(after.summary()).isTrue();
        assertThat(after.lastSequence()).isEqualTo(last);
        List<Throwable> thrown = new ArrayList<>();
        assertThat(DamagedJournal.readUntilStop(dir, thrown)).hasSize((int) last);
        assertThat(thrown).isEmpty();
    }
}
