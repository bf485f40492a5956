package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Segments that are not this journal's, as an operator or a copy puts them in its directory: another
 * journal's segment of the same configuration over one of this journal's, another journal's first
 * segment over this one's, a stray segment of a journal with another segment size. Each is refused
 * by verify and open alike, naming the file that is actually wrong and changing nothing, and the
 * repair the refusal suggests keeps every record of this journal and none of the other's.
 */
class ForeignSegmentTest extends StandardJournalFixture {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC);

    /** Same segment size and record lengths as {@link #original}, other content and identity. */
    private static Path sameConfig;
    /** Segments of twice the size, so its bases fall inside {@link #original}'s segments. */
    private static Path biggerSegments;
    private Path dir;

    @BeforeAll
    static void writeOtherJournals() {
        sameConfig = shared.resolve("same-config");
        write(sameConfig, RECORDS, SEGMENT);
        biggerSegments = shared.resolve("bigger");
        write(biggerSegments, RECORDS, 2 * SEGMENT);
    }

    private static void write(Path dir, int records, int segmentSize) {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(segmentSize).build())) {
            for (int i = 1; i <= records; i++) {
                byte[] p = DamagedJournal.payload(i);
                p[0] ^= 0x55; // another journal's content, same lengths
                j.appendNoWait(p, 0, p.length);
            }
        }
    }

    @BeforeEach
    void copyJournal() {
        dir = DamagedJournal.copy(original, tmp.resolve("journal"));
    }

    @Test
    void anotherJournalsSegmentOfTheSameConfigurationOverOneOfThisJournalsIsRefused() throws IOException {
        Path mine = DamagedJournal.segment(dir, 2);
        Path theirs = sameConfig.resolve(mine.getFileName());
        assertThat(theirs).as("the other journal has a segment of the same name").exists();
        Files.copy(theirs, mine, StandardCopyOption.REPLACE_EXISTING);
        ScanReport r = assertRefused(mine, "segment of another journal: its header names journal "
                + IdFile.read(sameConfig.resolve(IdFile.JOURNAL_ID)));
        assertThat(r.lastSequence()).isEqualTo(SegmentLayout.baseSequenceOf(mine.getFileName().toString()) - 1);
        List<Throwable> thrown = new ArrayList<>();
        List<Long> seen = DamagedJournal.readUntilStop(dir, thrown);
        assertThat(seen).as("the tailer hands out none of the other journal's records").hasSize((int) r.lastSequence());
        assertThat(thrown).singleElement().isInstanceOf(CorruptRecordException.class)
                .extracting(Throwable::getMessage).asString().contains("holds records of journal");
    }

    @Test
    void anotherJournalsFirstSegmentCopiedOverThisOnesIsRefusedAndTheRepairKeepsNoneOfItsRecords() throws IOException {
        Path first = dir.resolve(SegmentLayout.fileName(1));
        Files.copy(sameConfig.resolve(first.getFileName()), first, StandardCopyOption.REPLACE_EXISTING);
        ScanReport r = assertRefused(first, "segment of another journal");
        assertThat(r.lastSequence()).isZero();
        RepairReport repaired = JournalRepair.truncateAfter(dir, 0, CLOCK);
        assertThat(repaired.movedFiles()).hasSize(4);
        try (Journal j = Journal.open(DamagedJournal.config(dir))) {
            assertThat(j.writtenSequence()).as("not one of the other journal's records is kept").isZero();
        }
    }

    @Test
    void aStraySegmentOfAJournalWithBiggerSegmentsIsNamedAndTheRepairMovesOnlyIt() throws IOException {
        List<Long> mine = SegmentScanner.bases(dir);
        Path stray = null;
        for (long base : SegmentScanner.bases(biggerSegments)) {
            if (!mine.contains(base) && base < RECORDS) {
                stray = dir.resolve(SegmentLayout.fileName(base));
                Files.copy(SegmentFiles.file(biggerSegments, base), stray);
                break;
            }
        }
        assertThat(stray).as("a base of the other journal falls inside one of this journal's segments").isNotNull();
        ScanReport r = assertRefused(stray, "stray segment");
        assertThat(r.lastSequence()).as("the count goes on past the stray").isEqualTo(RECORDS);
        assertThatThrownBy(() -> Journal.open(DamagedJournal.config(dir)))
                .hasMessageContaining("--truncate-after " + RECORDS);
        Map<String, String> before = DamagedJournal.hashes(dir);
        RepairPlan plan = JournalRepair.plan(dir, RECORDS);
        assertThat(plan.moves()).containsExactly(stray);
        assertThat(plan.cutFile()).isNotNull();
        assertThat(plan.describe()).contains("would move " + stray + " aside");
        assertThat(DamagedJournal.hashes(dir)).as("a plan changes nothing").isEqualTo(before);
        RepairReport repaired = JournalRepair.truncateAfter(dir, RECORDS, CLOCK);
        assertThat(repaired.movedFiles()).containsExactly(stray);
        assertThat(Journal.verify(dir).summary()).startsWith("ok records=" + RECORDS + " ");
        assertThat(DamagedJournal.readUntilStop(dir, new ArrayList<>())).hasSize(RECORDS);
    }

    @Test
    void aRepairThatWouldTakeRecordsThatVerifyAsThisJournalsIsRefused() {
        Map<String, String> before = DamagedJournal.hashes(dir);
        assertThatThrownBy(() -> JournalRepair.truncateAfter(dir, 1000, CLOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("truncate-after must be at least 1500 but was 1000: records 1001..1500 verify as this "
                        + "journal's and continue its sequence, and a repair never takes good records");
        assertThatThrownBy(() -> JournalRepair.plan(dir, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(DamagedJournal.hashes(dir)).isEqualTo(before);
    }

    /** Asserts that verify and open refuse alike, naming {@code file}, and that nothing changed. */
    private ScanReport assertRefused(Path file, String reason) {
        Map<String, String> before = DamagedJournal.hashes(dir);
        ScanReport r = Journal.verify(dir);
        assertThat(r.refused()).as(r.summary()).isTrue();
        assertThat(r.problemFile()).isEqualTo(file);
        assertThat(r.problem()).contains(reason);
        assertThatThrownBy(() -> Journal.open(DamagedJournal.config(dir)))
                .isInstanceOf(JournalCorruptedException.class)
                .hasMessageContaining(file + " at byte 0: ").hasMessageContaining(reason)
                .hasMessageContaining("nothing on disk was changed");
        assertThat(DamagedJournal.hashes(dir)).as("a refused open changes nothing").isEqualTo(before);
        return r;
    }
}
