package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
                // the writer's segment, the prepared blank, the tailer's segment, and at most the
                // segments rolled since the last force: not one mapping per segment ever written
                assertThat(mappings()).isLessThanOrEqualTo(4);
            }
        }
        assertThat(mappings()).as("nothing of a closed journal stays mapped").isZero();
    }
}
