package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.SegmentScanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalRepairTest {

    private static final int SEGMENT = DamagedJournal.SEGMENT;
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    @Test
    void refusesToCutAJournalThatIsOpen() {
        try (Journal j = Journal.open(DamagedJournal.config(dir))) {
            j.appendBlocking(DamagedJournal.payload(1));
            assertThatThrownBy(() -> JournalRepair.truncateAfter(dir, 0, CLOCK))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("already open");
        }
        assertThat(SegmentScanner.verify(dir).lastSequence()).isEqualTo(1);
    }

    @Test
    void refusesToKeepMoreThanTheJournalHolds() {
        DamagedJournal.write(dir, 20, SEGMENT);
        Map<String, String> before = DamagedJournal.hashes(dir);
        assertThatThrownBy(() -> JournalRepair.truncateAfter(dir, 21, CLOCK))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("truncate-after must be at most 20 (the last intact record before the end of "
                        + "the journal at ")
                .hasMessageEndingWith(" but was 21");
        assertThat(DamagedJournal.hashes(dir)).isEqualTo(before);
    }

    @Test
    void keepingNoneOfAJournalWhoseFirstRecordIsDamagedMovesEverySegmentAsideAndTheJournalStartsAgain() {
        DamagedJournal.write(dir, 1500, SEGMENT);
        // record 1's payload: nothing from sequence 1 on is intact, so keeping none takes no good record
        DamagedJournal.flip(DamagedJournal.segment(dir, 0), io.tailguard.journal.segment.SegmentLayout.HEADER_LENGTH + 20);
        Map<String, String> before = DamagedJournal.hashes(dir);
        RepairReport r = JournalRepair.truncateAfter(dir, 0, CLOCK);
        assertThat(r.movedFiles()).hasSize(4);
        assertThat(r.describe()).contains("kept records 1..0");
        for (Path moved : r.movedFiles()) {
            String name = moved.getFileName().toString();
            assertThat(DamagedJournal.hashes(r.backupDirectory()).get(name)).isEqualTo(before.get(name));
        }
        assertThat(Files.exists(r.backupDirectory().resolve("REPAIR.txt"))).isTrue();
        try (Journal j = Journal.open(DamagedJournal.config(dir))) {
            assertThat(j.appendBlocking(DamagedJournal.payload(1))).isEqualTo(1);
        }
    }

    @Test
    void bytesAppendedToAKeptMiddleSegmentAreTrimmedSoTheJournalOpens() {
        DamagedJournal.writeStandard(dir);
        Path middle = DamagedJournal.segment(dir, 1);
        Map<String, String> before = DamagedJournal.hashes(dir);
        DamagedJournal.append(middle, 4);
        Map<String, String> damaged = DamagedJournal.hashes(dir);

        RepairReport r = JournalRepair.truncateAfter(dir, DamagedJournal.RECORDS, CLOCK);

        assertThat(r.trimmedFiles()).containsExactly(middle);
        assertThat(r.movedFiles()).isEmpty();
        assertThat(DamagedJournal.hashes(dir)).containsAllEntriesOf(before);
        String name = middle.getFileName().toString();
        assertThat(DamagedJournal.hashes(r.backupDirectory()).get(name)).isEqualTo(damaged.get(name));
        assertThat(r.describe()).anyMatch(l -> l.startsWith("removed the bytes appended to " + middle));
        assertThat(SegmentScanner.verify(dir).summary()).startsWith("ok records=1500 ");
        try (Journal j = Journal.open(DamagedJournal.config(dir))) {
            assertThat(j.writtenSequence()).isEqualTo(DamagedJournal.RECORDS);
        }
    }
}
