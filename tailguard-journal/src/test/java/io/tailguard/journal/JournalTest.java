package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.segment.Segment;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {

    private static final int SMALL = 1 << 20;

    @TempDir
    Path dir;

    private static byte[] record(long i, int size) {
        byte[] b = new byte[size];
        for (int k = 0; k < size; k++) {
            b[k] = (byte) (i * 31 + k);
        }
        return b;
    }

    private static List<byte[]> readAll(Path dir, long from) {
        try (Tailer t = Tailer.open(dir, from)) {
            return Payloads.drain(t);
        }
    }

    @Test
    void appendedRecordsAreReadBackInOrderAcrossSegments() throws Exception {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(8192).build();
        try (Journal j = Journal.open(cfg)) {
            for (int i = 1; i <= 100; i++) {
                assertThat(j.appendBlocking(record(i, 300))).isEqualTo(i);
            }
            assertThat(j.committedSequence()).isEqualTo(100);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".tgj")).count()).isGreaterThan(3);
        }
        List<byte[]> all = readAll(dir, 1);
        assertThat(all).hasSize(100);
        for (int i = 0; i < 100; i++) {
            assertThat(all.get(i)).isEqualTo(record(i + 1, 300));
        }
        assertThat(readAll(dir, 57)).hasSize(44).first().isEqualTo(record(57, 300));
    }

    @Test
    void reopeningContinuesTheSequence() {
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(8192).build();
        try (Journal j = Journal.open(cfg)) {
            for (int i = 1; i <= 40; i++) {
                j.appendBlocking(record(i, 200));
            }
        }
        try (Journal j = Journal.open(cfg)) {
            assertThat(j.recovery().records()).isEqualTo(40);
            assertThat(j.recovery().repaired()).isFalse();
            assertThat(j.appendBlocking(record(41, 10))).isEqualTo(41);
        }
        assertThat(readAll(dir, 1)).hasSize(41);
    }

    @Test
    void syncCommitsOnlyAfterAForceCoversTheRecord() throws Exception {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).durability(Durability.sync()).build())) {
            CompletableFuture<Long> f = j.append("hello".getBytes(StandardCharsets.UTF_8));
            assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
            assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(1);
            for (int i = 0; i < 200; i++) {
                long seq = j.appendBlocking(record(i, 64));
                assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(seq);
            }
        }
    }

    @Test
    void periodicCommitsAtTheNextForce() throws Exception {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).durability(Durability.periodic(Duration.ofMillis(5))).build())) {
            long seq = j.appendBlocking(record(1, 64));
            assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(seq);
        }
    }

    @Test
    void noneCommitsAtWriteWithoutForcing() {
        AtomicLong seen = new AtomicLong();
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).build(), seen::set)) {
            long seq = j.appendNoWait(ByteBuffer.wrap(record(1, 64)));
            assertThat(j.committedSequence()).isEqualTo(seq);
            assertThat(seen.get()).isEqualTo(seq);
            assertThat(j.forcedSequence()).isZero();
        }
    }

    @Test
    void selectiveForcesOnlyForHighValueRecords() {
        Durability.Selective sel = new Durability.Selective(Durability.Selective.longAt(0), 1_000, 1_000_000,
                Duration.ofHours(1), "selective");
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).durability(sel).build())) {
            long small = j.appendBlocking(valued(5));
            assertThat(j.committedSequence()).isGreaterThanOrEqualTo(small);
            assertThat(j.forcedSequence()).isZero();
            long large = j.appendBlocking(valued(5_000));
            assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(large);
        }
    }

    private static ByteBuffer valued(long value) {
        ByteBuffer b = ByteBuffer.allocate(64).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, value);
        return b;
    }

    @Test
    void tailerFollowsLiveAppends() {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build());
             Tailer t = j.tailer(1)) {
            AtomicLong last = new AtomicLong();
            assertThat(t.poll((s, p) -> last.set(s))).isFalse();
            for (int i = 1; i <= 60; i++) {
                j.appendBlocking(record(i, 500));
                assertThat(t.poll((s, p) -> last.set(s))).isTrue();
                assertThat(last.get()).isEqualTo(i);
                assertThat(t.poll((s, p) -> last.set(s))).isFalse();
            }
        }
    }

    @Test
    void pollFrameHandsOutTheCheckedFrameVerbatimWithoutPadding() {
        int mask;
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).build())) {
            j.appendBlocking(record(1, 13)); // 16 + 13 bytes: the segment pads the frame to 32
            j.appendBlocking(record(2, 40));
            mask = io.tailguard.journal.segment.SegmentLayout.frameMask(j.identity().high(), j.identity().low());
        }
        List<ByteBuffer> frames = new ArrayList<>();
        try (RecordReader t = RecordReader.open(dir, 1, Segment::close)) {
            while (t.pollFrame((seq, frame) -> {
                ByteBuffer copy = ByteBuffer.allocate(frame.remaining()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                copy.put(frame).flip();
                frames.add(copy);
            })) {
                // drain
            }
        }
        assertThat(frames).hasSize(2);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        for (int i = 0; i < 2; i++) {
            ByteBuffer f = frames.get(i);
            int payloadLength = i == 0 ? 13 : 40;
            assertThat(f.remaining()).isEqualTo(16 + payloadLength);
            assertThat(f.getInt(0)).isEqualTo(16 + payloadLength);
            assertThat(f.getLong(8)).isEqualTo(i + 1);
            assertThat(f.getInt(4)).as("the record checksum under this journal's mask")
                    .isEqualTo(io.tailguard.journal.segment.FrameCodec.crc(crc, f, 0, f.limit()) ^ mask);
            byte[] payload = new byte[payloadLength];
            f.get(16, payload);
            assertThat(payload).isEqualTo(record(i + 1, payloadLength));
        }
    }

    @Test
    void rejectsPayloadLargerThanASegment() {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(4096).build())) {
            assertThatThrownBy(() -> j.appendBlocking(new byte[5000]))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("payload length must be <=");
        }
    }

    @Test
    void secondAppenderOnTheSameDirectoryIsRefused() {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).build())) {
            assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SMALL).build()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already open");
            assertThat(j.appendBlocking(record(1, 10))).as("the first appender is unaffected").isEqualTo(1);
        }
    }

    @Test
    void concurrentAppendersGetUniqueContiguousSequencesAndIntactRecords() throws Exception {
        int threads = 4;
        int each = 500;
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(64 * 1024)
                .durability(Durability.sync()).build())) {
            List<Thread> workers = new ArrayList<>();
            java.util.Set<Long> seqs = java.util.concurrent.ConcurrentHashMap.newKeySet();
            for (int t = 0; t < threads; t++) {
                int id = t;
                Thread w = new Thread(() -> {
                    for (int i = 0; i < each; i++) {
                        byte[] b = record(id * 1_000_000L + i, 40 + i % 300);
                        seqs.add(j.appendBlocking(b));
                    }
                });
                workers.add(w);
                w.start();
            }
            for (Thread w : workers) {
                w.join();
            }
            assertThat(seqs).hasSize(threads * each);
            assertThat(j.committedSequence()).isEqualTo(threads * each);
        }
        assertThat(io.tailguard.journal.scan.SegmentScanner.verify(dir).records()).isEqualTo(threads * each);
        assertThat(readAll(dir, 1)).hasSize(threads * each);
    }
}
