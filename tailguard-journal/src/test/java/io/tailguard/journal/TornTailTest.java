package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damages the last record at every byte offset and checks what open, verify and tailers do. */
class TornTailTest {

    private static final int RECORDS = 20;
    private static final int PAYLOAD = 100;
    private static final int SEGMENT = 8192;

    @TempDir
    Path tmp;

    private Path original;
    private Path lastFile;
    private long lastPosition;
    private int lastFrameLength;

    static byte[] payload(long seq) {
        byte[] b = new byte[PAYLOAD];
        for (int k = 0; k < PAYLOAD; k++) {
            b[k] = (byte) (1 + (seq * 31 + k) % 255); // never zero, so truncation always changes bytes
        }
        return b;
    }

    @BeforeEach
    void writeJournal() throws IOException {
        original = tmp.resolve("original");
        try (Journal j = Journal.open(JournalConfig.builder(original).segmentSizeBytes(SEGMENT).build())) {
            for (int i = 1; i <= RECORDS; i++) {
                j.appendBlocking(payload(i));
            }
        }
        List<Long> bases = SegmentScanner.bases(original);
        long base = bases.get(bases.size() - 1);
        lastFile = original.resolve(SegmentLayout.fileName(base));
        lastFrameLength = FrameCodec.HEADER_LENGTH + PAYLOAD;
        long pos = SegmentLayout.HEADER_LENGTH;
        for (long s = base; s < RECORDS; s++) {
            pos += SegmentLayout.align(lastFrameLength);
        }
        lastPosition = pos;
    }

    private Path copy(String name) throws IOException {
        Path dst = tmp.resolve(name);
        Files.createDirectories(dst);
        try (Stream<Path> files = Files.list(original)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, dst.resolve(f.getFileName()));
            }
        }
        return dst;
    }

    @Test
    void lastRecordIsWhereTheTestExpectsIt() {
        ScanReport r = SegmentScanner.verify(original);
        assertThat(r.consistent()).isTrue();
        assertThat(r.records()).isEqualTo(RECORDS);
        assertThat(r.lastSequence()).isEqualTo(RECORDS);
    }

    @Test
    void flippingAnyByteOfTheLastRecordCutsOnlyThatRecord() throws IOException {
        for (int offset = 0; offset < lastFrameLength; offset++) {
            Path dir = copy("flip" + offset);
            Path file = dir.resolve(lastFile.getFileName());
            DamagedJournal.flip(file, lastPosition + offset);
            checkDamaged(dir, "flip at offset " + offset, true);
        }
    }

    @Test
    void zeroingTheLastRecordFromAnyOffsetCutsOnlyThatRecord() throws IOException {
        for (int offset = 0; offset < lastFrameLength; offset++) {
            Path dir = copy("zero" + offset);
            Path file = dir.resolve(lastFile.getFileName());
            DamagedJournal.zero(file, lastPosition + offset, lastFrameLength - offset);
            // offset 0: the length was never written, the record simply does not exist
            checkDamaged(dir, "zeroed from offset " + offset, offset > 0);
        }
    }

    @Test
    void aNewestSegmentCutShortAnywhereIsRefusedNamingTheFileAndOffsetAndChangesNothing() throws IOException {
        // segments are preallocated: no crash leaves one shorter than its header says, so no cut is a torn tail
        long end = lastPosition + SegmentLayout.align(lastFrameLength);
        List<Long> cuts = new ArrayList<>();
        for (int offset = 1; offset < lastFrameLength; offset++) {
            cuts.add((long) lastPosition + offset); // inside the last record
        }
        cuts.addAll(List.of((long) lastPosition, end + 4, end + 100, 100L));
        for (long cut : cuts) {
            Path dir = copy("trunc" + cut);
            Path file = dir.resolve(lastFile.getFileName());
            DamagedJournal.cutAt(file, cut);
            byte[] before = Files.readAllBytes(file);
            ScanReport verified = SegmentScanner.verify(dir);
            assertThat(verified.summary()).as("cut at " + cut).startsWith("CORRUPT ").endsWith("open=refuses");
            if (cut >= lastPosition) {
                assertThat(verified.records()).as("cut at " + cut).isEqualTo(cut >= end ? RECORDS : RECORDS - 1);
            }
            assertThat(verified.problemFile()).as("cut at " + cut).isEqualTo(file);
            assertThat(verified.problemPosition()).as("cut at " + cut).isEqualTo(cut);
            assertThat(verified.problem()).as("cut at " + cut).isEqualTo("file of " + cut + " bytes is shorter than "
                    + "its header's segment size " + SEGMENT + ": segments are preallocated, so it was cut short "
                    + "(damage, not a torn tail)");
            assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build()))
                    .as("cut at " + cut)
                    .isInstanceOf(JournalCorruptedException.class)
                    .hasMessageContaining(file + " at byte " + cut + ": file of " + cut + " bytes is shorter")
                    .hasMessageContaining("nothing on disk was changed");
            assertThat(Files.readAllBytes(file)).as("a refused open changes nothing, cut at " + cut).isEqualTo(before);
        }
    }

    @Test
    void aSegmentCutShortIsRepairedOnlyByAnExplicitCutThatKeepsItsIntactRecords() throws IOException {
        Path dir = copy("boundary");
        Path file = dir.resolve(lastFile.getFileName());
        DamagedJournal.cutAt(file, lastPosition + 5); // a copy that stopped inside record 20
        assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build()))
                .isInstanceOf(JournalCorruptedException.class)
                .hasMessageContaining("--truncate-after " + (RECORDS - 1));
        RepairReport repaired = JournalRepair.truncateAfter(dir, RECORDS - 1,
                Clock.fixed(Instant.parse("2026-11-24T01:00:00Z"), ZoneOffset.UTC));
        assertThat(repaired.extendedBytes()).isEqualTo(SEGMENT - lastPosition - 5);
        assertThat(Files.size(repaired.backupDirectory().resolve(file.getFileName()))).isEqualTo(lastPosition + 5);
        assertThat(Files.size(file)).isEqualTo(SEGMENT);
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build())) {
            assertThat(j.writtenSequence()).isEqualTo(RECORDS - 1);
            assertThat(j.appendBlocking(payload(RECORDS))).isEqualTo(RECORDS);
        }
        assertThat(SegmentScanner.verify(dir).summary()).startsWith("ok records=" + RECORDS + " ");
    }

    private void checkDamaged(Path dir, String what, boolean verifyFlagsIt) {
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.records()).as(what).isEqualTo(RECORDS - 1);
        assertThat(verified.consistent()).as(what).isEqualTo(!verifyFlagsIt);
        if (verifyFlagsIt) {
            assertThat(verified.problemPosition()).as(what).isEqualTo(lastPosition);
        }
        List<Long> seen = new ArrayList<>();
        try (Tailer t = Tailer.open(dir, 1)) {
            boolean corrupt = false;
            try {
                while (t.poll((seq, p) -> {
                    byte[] b = new byte[p.remaining()];
                    p.get(b);
                    assertThat(b).as(what).isEqualTo(payload(seq));
                    seen.add(seq);
                })) {
                    // read all
                }
            } catch (CorruptRecordException e) {
                corrupt = true;
            }
            assertThat(corrupt).as(what).isEqualTo(verifyFlagsIt);
        }
        assertThat(seen).as(what).hasSize(RECORDS - 1);

        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build())) {
            ScanReport r = j.recovery();
            assertThat(r.records()).as(what).isEqualTo(RECORDS - 1);
            assertThat(r.lastSequence()).as(what).isEqualTo(RECORDS - 1);
            assertThat(r.cutBytes() > 0 || !verifyFlagsIt).as(what + " reports a cut").isTrue();
            assertThat(j.appendBlocking(payload(RECORDS))).as(what).isEqualTo(RECORDS);
        }
        ScanReport after = SegmentScanner.verify(dir);
        assertThat(after.consistent()).as(what).isTrue();
        assertThat(after.records()).as(what).isEqualTo(RECORDS);
        assertThat(after.unpublishedBytes()).as(what).isZero();
    }

    @Test
    void aCorruptRecordBeforeTheTailRefusesToOpenInsteadOfDroppingLaterRecords() throws IOException {
        Path dir = copy("middle");
        Path first = dir.resolve(SegmentLayout.fileName(1));
        DamagedJournal.zero(first, SegmentLayout.HEADER_LENGTH + FrameCodec.HEADER_LENGTH + 3, 1); // payload of record 1
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.consistent()).isFalse();
        assertThat(verified.problemFile()).isEqualTo(first);
        assertThat(verified.problemPosition()).isEqualTo(SegmentLayout.HEADER_LENGTH);
        for (int attempt = 0; attempt < 2; attempt++) { // the second attempt proves the lock was released
            assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build()))
                    .isInstanceOf(JournalCorruptedException.class)
                    .hasMessageContaining(first + " at byte " + SegmentLayout.HEADER_LENGTH + ": checksum mismatch")
                    .hasMessageContaining("nothing on disk was changed");
        }
        assertThat(verified.refused()).isTrue();
        assertThat(verified.problem()).contains("an intact record (sequence 2) follows");
        assertThat(SegmentScanner.verify(dir)).as("nothing was cut").isEqualTo(verified);
    }
}
