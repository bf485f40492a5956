package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.segment.Blank;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.segment.SegmentPreparer;
import io.tailguard.journal.segment.SegmentTest;
import io.tailguard.journal.segment.Zeroing;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The segment roll of decision 023: blanks written and forced at the writer's pace,
 * or, when the journal never forces, touched through the mapping from a quarter of the current
 * segment on at twice the writer's fill; replica frames written as they came.
 */
class SegmentRollTest {

    private static final int CHUNK = Zeroing.ZERO_CHUNK_BYTES;
    private static final int SIZE = 4 * CHUNK;

    @TempDir
    Path dir;

    private SegmentPreparer preparer;

    @Test
    void forcedZerosArePacedOneChunkAheadAndCompleteTheBlankAtThreeQuartersOfTheCurrentSegment() {
        assertThat(SegmentPreparer.allowedZeros(true, 0, CHUNK, SIZE)).isEqualTo(CHUNK);
        assertThat(SegmentPreparer.allowedZeros(true, SIZE / 4, CHUNK, SIZE)).isEqualTo(CHUNK + SIZE / 3);
        assertThat(SegmentPreparer.allowedZeros(true, SIZE * 3 / 4 - CHUNK, CHUNK, SIZE)).isLessThan(SIZE);
        assertThat(SegmentPreparer.allowedZeros(true, SIZE * 3 / 4, CHUNK, SIZE)).isGreaterThanOrEqualTo(SIZE);
        assertThat(SegmentPreparer.allowedZeros(true, Integer.MAX_VALUE, CHUNK, SIZE)).isPositive();
    }

    @Test
    void touchedBlanksWaitForAQuarterOfTheCurrentSegmentThenGoAtTwiceTheFillAndCompleteAtThreeQuarters() {
        assertThat(SegmentPreparer.allowedZeros(false, 0, CHUNK, SIZE)).isZero();
        assertThat(SegmentPreparer.allowedZeros(false, SIZE / 4 - 1, CHUNK, SIZE)).isZero();
        assertThat(SegmentPreparer.allowedZeros(false, SIZE / 4, CHUNK, SIZE)).as("one chunk at a quarter")
                .isEqualTo(CHUNK);
        assertThat(SegmentPreparer.allowedZeros(false, SIZE / 2, CHUNK, SIZE)).isEqualTo(CHUNK + SIZE / 2);
        assertThat(SegmentPreparer.allowedZeros(false, SIZE * 3 / 4 - CHUNK, CHUNK, SIZE)).isLessThan(SIZE);
        assertThat(SegmentPreparer.allowedZeros(false, SIZE * 3 / 4, CHUNK, SIZE)).isGreaterThanOrEqualTo(SIZE);
        assertThat(SegmentPreparer.allowedZeros(false, Integer.MAX_VALUE, CHUNK, SIZE)).as("no overflow")
                .isGreaterThanOrEqualTo(SIZE);
    }

    @Test
    void zeroingWritesOneChunkPerStepAndFinishesAWorkingBlank() throws Exception {
        Zeroing z = new Zeroing(dir.resolve("z" + Segment.TMP_SUFFIX), SIZE, true);
        z.step();
        assertThat(z.zeroed()).isEqualTo(CHUNK);
        assertThat(Files.size(dir.resolve("z" + Segment.TMP_SUFFIX))).isEqualTo(CHUNK);
        while (!z.done()) {
            z.step();
        }
        assertWorkingSegment(z.finish());
    }

    @Test
    void anUnforcedBlankIsSparseAndEachStepBringsOneMoreChunkOfItsPagesIntoMemory() throws Exception {
        Path file = dir.resolve("u" + Segment.TMP_SUFFIX);
        Zeroing z = new Zeroing(file, SIZE, false);
        assertThat(Files.size(file)).as("sparse at its full size at once").isEqualTo(SIZE);
        assertThat(z.resident(0, CHUNK)).as("no page before a step").isFalse();
        z.step();
        assertThat(z.zeroed()).isEqualTo(CHUNK);
        assertThat(z.resident(0, CHUNK)).as("the first chunk's pages after one step").isTrue();
        while (!z.done()) {
            z.step();
        }
        assertThat(z.resident(0, SIZE)).isTrue();
        assertWorkingSegment(z.finish());
    }

    @Test
    void preparerZeroFillsNoFasterThanTheWritersFill() throws Exception {
        AtomicInteger fill = new AtomicInteger();
        // forced: its zeros are written, so the blank's size shows its progress too
        SegmentPreparer p = started(true, fill);
        Path blank = dir.resolve("prepared-0" + Segment.TMP_SUFFIX);
        awaitHeldAt(p, CHUNK, "one chunk ahead of an empty segment");
        assertThat(sizeOf(blank)).isEqualTo(CHUNK);
        fill.set(SIZE / 4); // allows 1 + 4/3 chunks: three steps
        awaitHeldAt(p, 3L * CHUNK, "three chunks at a quarter");
        assertThat(sizeOf(blank)).isEqualTo(3L * CHUNK);
        fill.set(SIZE * 3 / 4);
        awaitReady(p, SIZE, "a complete blank at three quarters").delete();
    }

    @Test
    void anUnforcedPreparerTouchesAtTwiceTheFillFromAQuarterOnAndCompletesTheBlankAtThreeQuarters() throws Exception {
        AtomicInteger fill = new AtomicInteger();
        SegmentPreparer p = started(false, fill);
        fill.set(SIZE / 4);
        awaitHeldAt(p, CHUNK, "one chunk touched at a quarter");
        fill.set(SIZE / 2); // allows 1 + 2 chunks
        awaitHeldAt(p, 3L * CHUNK, "three chunks at half");
        fill.set(SIZE * 3 / 4);
        assertWorkingSegment(awaitReady(p, SIZE, "a complete blank at three quarters"));
    }

    @Test
    void aBlankTheWriterRolledPastGoesOnAtTheNewSegmentsPaceFromWhatItHolds() throws Exception {
        AtomicInteger fill = new AtomicInteger(SIZE / 4);
        SegmentPreparer p = started(false, fill);
        awaitHeldAt(p, CHUNK, "one chunk touched at a quarter");
        // a roll: the new segment's fill first, then the take (the writer's own takeForRoll
        // would carry the blank off when none is ready; a bare take leaves it here)
        fill.set(0);
        assertThat(p.take()).isNull();
        awaitHeldAt(p, CHUNK, "nothing more among the new segment's first records");
        fill.set(SIZE / 4);
        awaitHeldAt(p, 2L * CHUNK, "one chunk more at a quarter of the new segment");
        fill.set(SIZE * 3 / 4);
        awaitReady(p, SIZE, "complete at three quarters of the new segment").delete();
    }

    @Test
    void aForcedBlankTheWriterRolledPastGoesOnOneChunkAheadOfTheNewSegment() throws Exception {
        HeldFill fill = new HeldFill(SIZE / 4);
        SegmentPreparer p = started(true, fill);
        awaitHeldAt(p, 3L * CHUNK, "three chunks at a quarter");
        // held in its read of the fill, the preparer cannot see the roll and finish the blank
        // before the roll has looked for a ready one
        fill.holdNextRead();
        assertThat(p.take()).isNull();
        fill.release(0);
        awaitReady(p, SIZE, "its last chunk, one ahead of the empty new segment").delete();
    }

    @ParameterizedTest(name = "forced={0}")
    @ValueSource(booleans = {true, false})
    void aWriterThatRollsBeforeTheBlankIsReadyCarriesItOffAndFinishesItWithEveryBlockAllocated(boolean forced)
            throws Exception {
        AtomicInteger fill = new AtomicInteger(SIZE / 4);
        SegmentPreparer p = started(forced, fill);
        awaitHeldAt(p, forced ? 3L * CHUNK : CHUNK, "a blank part-way at a quarter");
        fill.set(0);
        Blank carried = p.takeForRoll();
        assertThat(carried).as("the unfinished blank, finished on this thread").isNotNull();
        assertThat(SegmentTest.allocatedBytes(assertWorkingSegment(carried))).isGreaterThanOrEqualTo(SIZE);
        fill.set(SIZE * 3 / 4);
        awaitReady(p, SIZE, "the preparer starts and completes the next blank").delete();
    }

    @ParameterizedTest(name = "forced={0}")
    @ValueSource(booleans = {true, false})
    void thePreparerKeepsTwoBlanksAheadSoTwoRollsInARowFindABlankReady(boolean forced) throws Exception {
        AtomicInteger fill = new AtomicInteger(SIZE * 3 / 4);
        SegmentPreparer p = started(forced, fill);
        Await.until(() -> p.progress().readyBlanks() == SegmentPreparer.AHEAD, "two blanks ready");
        // an empty new segment allows a forced blank its first chunk only, an unforced one nothing
        fill.set(0);
        Blank first = p.takeForRoll();
        Blank second = p.takeForRoll();
        assertThat(first).as("the first roll's blank").isNotNull();
        assertThat(second).as("the second roll's blank, without waiting").isNotNull();
        assertThat(second.file()).isNotEqualTo(first.file());
        assertThat(SegmentTest.allocatedBytes(second.file())).as("every block written").isGreaterThanOrEqualTo(SIZE);
        first.delete();
        second.delete();
    }

    @Test
    void aBlankLeftHalfZeroedByACrashIsDeletedAndTheRecordsKept() throws Exception {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SIZE).build();
        try (Journal j = Journal.open(cfg)) {
            for (int i = 1; i <= 10; i++) {
                j.appendBlocking(new byte[] {(byte) i});
            }
        }
        // a crash while the preparer was part-way: some zeros, then whatever the disk held
        byte[] partial = new byte[CHUNK + 4096];
        Arrays.fill(partial, CHUNK, partial.length, (byte) 0x5A);
        Path leftover = dir.resolve("prepared-3" + Segment.TMP_SUFFIX);
        Files.write(leftover, partial);
        try (Journal j = Journal.open(cfg)) {
            assertThat(Files.exists(leftover)).isFalse();
            assertThat(j.writtenSequence()).isEqualTo(10);
            assertThat(j.appendBlocking(new byte[] {11})).isEqualTo(11);
        }
        try (Tailer t = Tailer.open(dir, 1)) {
            List<byte[]> all = Payloads.drain(t);
            assertThat(all).hasSize(11);
            assertThat(all.get(10)).containsExactly(11);
        }
    }

    @Test
    void aReplicaFrameIsWrittenAsItCameWithoutComputingItsChecksumAgain() throws Exception {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SIZE).build();
        ByteBuffer wire = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        byte[] payload = {7, 8, 9, 10, 11};
        int frameLength = FrameCodec.HEADER_LENGTH + payload.length;
        FrameCodec.writeBody(wire, wire.duplicate().order(ByteOrder.LITTLE_ENDIAN), new CRC32C(), 0, 1,
                ByteBuffer.wrap(payload), 0);
        wire.putInt(FrameCodec.LENGTH_OFFSET, frameLength);
        byte[] sent = Arrays.copyOf(wire.array(), frameLength);
        try (Journal j = Journal.open(cfg)) {
            assertThat(j.appendFrameNoWait(wire, 0, frameLength)).isEqualTo(1);
            ByteBuffer early = ByteBuffer.wrap(sent.clone()).order(ByteOrder.LITTLE_ENDIAN);
            early.putLong(FrameCodec.SEQUENCE_OFFSET, 5);
            assertThatThrownBy(() -> j.appendFrameNoWait(early, 0, frameLength))
                    .isInstanceOf(IllegalStateException.class).hasMessage("frame sequence must be 2 but was 5");
            // a frame whose stored checksum is not its own is copied as it is: nothing recomputes it
            ByteBuffer marked = ByteBuffer.wrap(sent.clone()).order(ByteOrder.LITTLE_ENDIAN);
            marked.putLong(FrameCodec.SEQUENCE_OFFSET, 2).putInt(FrameCodec.CRC_OFFSET, 0x0BADC0DE);
            assertThat(j.appendFrameNoWait(marked, 0, frameLength)).isEqualTo(2);
        }
        byte[] file = Files.readAllBytes(dir.resolve(SegmentLayout.fileName(1)));
        JournalId id = IdFile.read(dir.resolve(IdFile.JOURNAL_ID));
        int mask = SegmentLayout.frameMask(id.high(), id.low());
        int first = SegmentLayout.HEADER_LENGTH;
        ByteBuffer stored = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        // the wire carries the record checksum; the segment stores it under this journal's mask
        stored.putInt(first + FrameCodec.CRC_OFFSET, stored.getInt(first + FrameCodec.CRC_OFFSET) ^ mask);
        assertThat(Arrays.copyOfRange(file, first, first + frameLength)).isEqualTo(sent);
        int second = first + SegmentLayout.align(frameLength);
        assertThat(stored.getInt(second + FrameCodec.CRC_OFFSET) ^ mask).isEqualTo(0x0BADC0DE);
    }

    /**
     * Waits until the preparer has prepared {@code bytes} of its blank and then polled without a
     * step (held by the pace), and checks that it is still at {@code bytes}.
     */
    static void awaitHeldAt(SegmentPreparer p, long bytes, String what) {
        Await.until(() -> p.progress().preparing() == bytes, what);
        long polls = p.progress().heldPolls();
        Await.until(() -> p.progress().heldPolls() > polls, what + ", then held");
        assertThat(p.progress().preparing()).as(what + ": no step after a held poll").isEqualTo(bytes);
    }

    /**
     * Waits until the preparer has a complete blank, and takes it (the preparer may have started
     * the next one already, as it keeps {@value SegmentPreparer#AHEAD} ahead).
     */
    static Blank awaitReady(SegmentPreparer p, long size, String what) {
        Await.until(() -> p.progress().readyBlanks() > 0, what);
        Blank taken = p.take();
        assertThat(taken).as(what + ": taken").isNotNull();
        assertThat(taken.sizeBytes()).as(what + ": its size").isEqualTo(size);
        return taken;
    }

    /**
     * Activates {@code blank} as segment 1 and checks that it is a whole segment of zeros past its
     * header that takes a record; returns the segment's path.
     */
    private Path assertWorkingSegment(Blank blank) throws Exception {
        try (Segment s = Segment.activate(blank, dir, 1, TestIds.ID, 0)) {
            assertThat(Files.size(s.path())).isEqualTo(SIZE);
            assertThat(s.endOfNonZero(SegmentLayout.HEADER_LENGTH)).isEqualTo(SegmentLayout.HEADER_LENGTH);
            int next = s.append(SegmentLayout.HEADER_LENGTH, 1, ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertThat(s.check(SegmentLayout.HEADER_LENGTH, 1)).isEqualTo(FrameStatus.OK);
            assertThat(s.frameLength(next)).isZero();
            return s.path();
        }
    }

    @AfterEach
    void shutDownPreparer() {
        if (preparer != null) {
            preparer.shutdown();
        }
    }

    /** Starts the test's preparer, paced by {@code fill}; {@link #shutDownPreparer} stops it after the test. */
    private SegmentPreparer started(boolean forced, AtomicInteger fill) {
        return started(forced, (IntSupplier) fill::get);
    }

    private SegmentPreparer started(boolean forced, IntSupplier fill) {
        SegmentPreparer p = new SegmentPreparer(dir, SIZE, forced, ErrorHandler.logging());
        preparer = p;
        p.pace(fill);
        p.start();
        return p;
    }

    private static long sizeOf(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : -1;
        } catch (java.io.IOException e) {
            return -1; // renamed or deleted meanwhile
        }
    }
}
