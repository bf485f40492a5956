package io.tailguard.journal.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tailguard.journal.Await;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.Payloads;
import io.tailguard.journal.Tailer;
import io.tailguard.journal.durability.Durability;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Segments are unmapped when their owner is done with them, not when the collector finds them (Linux: /proc/self/maps). */
@EnabledOnOs(OS.LINUX)
class UnmapTest {

    @TempDir
    Path dir;

    /** Returns how many mappings of this JVM are of files in the journal directory. */
    private long mappings() throws IOException {
        String prefix = dir.toRealPath().toString() + "/";
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.filter(l -> l.contains(prefix)).count();
        }
    }

    private long mappingsOrMax() {
        try {
            return mappings();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    @Test
    void rolledSegmentsTailedSegmentsAndTheJournalsOwnAreUnmappedWhenDone() throws Exception {
        assumeTrue(Unmapper.available(), "this JDK leaves mappings to the collector");
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).durability(Durability.sync())
                .build())) {
            for (int i = 0; i < 400; i++) {
                j.appendBlocking(new byte[200]);
            }
            try (Tailer t = j.tailer(1)) {
                assertThat(Payloads.drain(t)).hasSize(400);
                long segments;
                try (Stream<Path> files = Files.list(dir)) {
                    segments = files.filter(f -> f.toString().endsWith(".tgj")).count();
                }
                assertThat(segments).isGreaterThan(10);
                // the writer's segment, the prepared blanks, the tailer's segment, and at most the
                // segments rolled since the last force: not one mapping per segment ever written
                assertThat(mappings()).isLessThanOrEqualTo(3 + SegmentPreparer.AHEAD);
            }
        }
        assertThat(mappings()).as("nothing of a closed journal stays mapped").isZero();
    }

    @Test
    void aJournalThatNeverForcesUnmapsItsRolledSegmentsAndAnExplicitForceStillReachesThem() throws Exception {
        assumeTrue(Unmapper.available(), "this JDK leaves mappings to the collector");
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build())) {
            for (int i = 0; i < 3000; i++) {
                j.appendNoWait(new byte[200], 0, 200);
            }
            long segments;
            try (Stream<Path> files = Files.list(dir)) {
                segments = files.filter(f -> f.toString().endsWith(".tgj")).count();
            }
            assertThat(segments).isGreaterThan(50);
            // the writer's segment, the blanks ahead, and the few rolled segments the preparer
            // has not unmapped yet: not one mapping per segment rolled since the journal opened
            Await.until(() -> mappingsOrMax() <= 10, "the rolled segments unmapped");
            long before = j.forceCount();
            j.force();
            assertThat(j.forceCount()).isEqualTo(before + 1);
            assertThat(j.forcedSequence()).isEqualTo(3000);
        }
        assertThat(mappings()).as("nothing of a closed journal stays mapped").isZero();
        try (Tailer t = Tailer.open(dir, 1)) {
            assertThat(Payloads.drain(t)).hasSize(3000);
        }
    }
}
