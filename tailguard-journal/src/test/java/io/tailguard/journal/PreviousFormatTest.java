package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.replication.DigestAt;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A journal written in the previous segment format (version 1) opens, reads and continues in the current one. */
class PreviousFormatTest {

    private static final int SEGMENT = 4096;
    private static final int OLD = 300;

    @TempDir
    Path dir;

    private static byte[] payload(long seq) {
        byte[] b = new byte[40];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seq * 31 + i);
        }
        return b;
    }

    @Test
    void aJournalOfThePreviousFormatOpensKeepsEveryRecordAndContinuesInCurrentFormatSegments() throws IOException {
        PreviousFormat.write(dir, OLD, SEGMENT, PreviousFormatTest::payload);
        List<Long> oldBases = SegmentScanner.bases(dir);
        assertThat(oldBases).as("several old segments").hasSizeGreaterThan(3);
        assertThat(Journal.verify(dir).summary()).startsWith("ok records=" + OLD + " ");
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build();
        try (Journal j = Journal.open(cfg)) {
            assertThat(j.writtenSequence()).isEqualTo(OLD);
            for (long s = OLD + 1; s <= 2 * OLD; s++) {
                assertThat(j.appendBlocking(payload(s))).isEqualTo(s);
            }
        }
        assertThat(Journal.verify(dir).summary()).startsWith("ok records=" + 2 * OLD + " ");
        List<Long> bases = SegmentScanner.bases(dir);
        assertThat(bases).containsAll(oldBases);
        assertThat(version(oldBases.get(oldBases.size() - 1))).as("the old tail stays in its format").isEqualTo(1);
        assertThat(version(bases.get(bases.size() - 1))).isEqualTo(SegmentLayout.FORMAT_VERSION);
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build());
             Tailer t = j.tailer(1)) {
            List<byte[]> all = Payloads.drain(t);
            assertThat(all).hasSize(2 * OLD);
            for (int i = 0; i < all.size(); i++) {
                assertThat(all.get(i)).as("record " + (i + 1)).isEqualTo(payload(i + 1));
            }
        }
        long digest = HistoryDigest.EMPTY;
        for (long s = 1; s <= 2 * OLD; s++) {
            digest = HistoryDigest.fold(digest, PreviousFormat.recordCrc(s, payload(s)));
            if (s == OLD - 7 || s == 2 * OLD - 1 || s == 2 * OLD) {
                assertThat(DigestAt.after(dir, s).getAsLong()).as("digest after " + s).isEqualTo(digest);
            }
        }
    }

    private int version(long base) throws IOException {
        byte[] header = Files.readAllBytes(SegmentFiles.file(dir, base));
        return ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(8);
    }
}
