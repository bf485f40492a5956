package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.SegmentLayout;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code journal verify} beside a live writer that rolls the smallest segments as fast as it can
 * append: a scan can list the directory while a roll renames a file, or read a segment before its
 * roll and its successor after; verify must never report corruption that is not there.
 */
@Tag("slow") // about 5 s on the loaded 2-core build machine: 1,100 rolls and a verify loop beside them
@Timeout(120)
class VerifyBesideWriterTest {

    /**
     * Records the writer appends: about 1,100 segments of 4 KiB. Bounded because a journal that never
     * forces keeps every rolled segment mapped until it closes (and the process's mappings are finite).
     */
    private static final int RECORDS = 40_000;

    @TempDir
    Path dir;

    @Test
    void verifyBesideAWriterRollingSmallSegmentsNeverReportsCorruption() throws Exception {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SegmentLayout.MIN_SEGMENT_SIZE).build();
        AtomicBoolean done = new AtomicBoolean();
        byte[] record = new byte[100];
        try (Journal j = Journal.open(cfg)) {
            Thread writer = new Thread(() -> {
                for (int i = 0; i < RECORDS; i++) {
                    j.appendNoWait(record, 0, record.length);
                    if (i % 64 == 0) {
                        Thread.yield(); // on a loaded machine, give the verifying thread its turns
                    }
                }
                done.set(true);
            }, "writer");
            writer.start();
            int during = 0;
            try {
                while (!done.get()) {
                    ScanReport r = Journal.verify(dir);
                    assertThat(r.refused()).as("verify %d: %s", during, r.summary()).isFalse();
                    during++;
                }
            } finally {
                writer.join();
            }
            assertThat(during).as("verifies while the writer rolled").isGreaterThan(10);
            assertThat(SegmentScanner.bases(dir).size()).as("the writer rolled").isGreaterThan(1000);
        }
        assertThat(Journal.verify(dir).summary()).startsWith("ok ");
    }
}
