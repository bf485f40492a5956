package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentPreparer;
import io.tailguard.journal.segment.Zeroing;
import io.tailguard.journal.writer.SegmentWriter;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What decision 023 keeps off the threads that roll or follow a roll: the preparer does not start
 * the next blank while the writer is rolling, and a replication tailer's previous segment is
 * unmapped on the preparer's thread, later.
 */
class RollOffThePathTest {

    private static final int SIZE = 4 * Zeroing.ZERO_CHUNK_BYTES;

    @TempDir
    Path dir;

    @Test
    void aWriterTakingTheNextBlankShowsThePreparerAnEmptySegmentNotAFullOne() {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SIZE).build();
        SegmentWriter[] writer = new SegmentWriter[1];
        List<Integer> fillsSeenAtTake = new ArrayList<>();
        // no blank ready: the writer allocates a late segment of its own
        writer[0] = new SegmentWriter(SegmentScanner.recover(dir, SegmentScanner.scanForOpen(dir, null), SIZE, TestIds.ID), cfg,
                TestIds.ID, Durability.none().newPolicy(), () -> {
            fillsSeenAtTake.add(writer[0].fill());
            return null;
        }, null);
        try {
            byte[] payload = new byte[SIZE / 16];
            while (fillsSeenAtTake.isEmpty()) {
                writer[0].append(payload, 0, payload.length);
            }
            // a preparer reading the full segment's fill here started the next blank at once
            assertThat(fillsSeenAtTake).containsExactly(0);
            assertThat(writer[0].fill()).isLessThan(SIZE / 4);
        } finally {
            writer[0].close();
            writer[0].release(true);
        }
    }

    @Test
    void aTailerHandsTheSegmentsItLeavesToItsRetirerInsteadOfUnmappingThem() throws Exception {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build())) {
            for (int i = 0; i < 100; i++) {
                j.appendBlocking(new byte[200]);
            }
        }
        List<Segment> left = new ArrayList<>();
        try (RecordReader t = RecordReader.open(dir, 1, left::add)) {
            assertThat(Payloads.drain(t)).hasSize(100);
        }
        assertThat(left).hasSizeGreaterThan(1);
        assertThat(left.get(0).baseSequence()).isEqualTo(1);
        assertThat(left).noneMatch(Segment::isClosed);
        left.forEach(Segment::close);
        try (Tailer t = Tailer.open(dir, 1)) {
            assertThat(Payloads.drain(t)).hasSize(100); // the public tailer unmaps on its own thread
        }
    }

    @Test
    void aRetiredSegmentIsUnmappedOnceTheWriterIsHalfWayThroughItsSegmentAndTheRestAtShutdown() throws Exception {
        AtomicInteger fill = new AtomicInteger();
        SegmentPreparer p = new SegmentPreparer(dir, SIZE, false, ErrorHandler.logging());
        p.pace(fill::get);
        p.start();
        Segment first = Segment.create(dir, 1, SIZE, TestIds.ID, 0);
        Segment second = Segment.create(dir, 2, SIZE, TestIds.ID, 0);
        try {
            p.retire(first);
            fill.set(SIZE / 2 - 1); // allows the blank's touches up to 3 chunks less 2 bytes
            SegmentRollTest.awaitHeldAt(p, 3L * Zeroing.ZERO_CHUNK_BYTES, "the preparer polling below half");
            assertThat(first.isClosed()).as("still mapped before half").isFalse();
            fill.set(SIZE / 2);
            Await.until(first::isClosed, "unmapped from half on");
            fill.set(SIZE * 3 / 4);
            SegmentRollTest.awaitReady(p, SIZE, "a blank at three quarters").delete();
            fill.set(0);
            p.retire(second);
        } finally {
            p.shutdown();
        }
        assertThat(second.isClosed()).as("unmapped at shutdown").isTrue();
    }
}
