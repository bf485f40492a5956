package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.scan.SegmentScanner;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tailer never takes damage for the end of the journal, and never takes a live writer for damage. */
class TailerDamageTest {

    private static final int SEGMENT = DamagedJournal.SEGMENT;

    @TempDir
    Path dir;

    @Test
    void aWaitingTailerThrowsWhenTheRecordItWaitsForIsZeroedWithRecordsAfterIt() {
        try (Journal j = Journal.open(DamagedJournal.config(dir)); Tailer t = j.tailer(1)) {
            for (int i = 1; i <= 100; i++) {
                j.appendBlocking(DamagedJournal.payload(i));
            }
            assertThat(Payloads.drain(t)).hasSize(100);
            for (int i = 101; i <= 200; i++) {
                j.appendBlocking(DamagedJournal.payload(i));
            }
            DamagedJournal.Frame f = DamagedJournal.frame(dir, 101);
            DamagedJournal.zero(f.file(), f.position(), 4);
            assertThatThrownBy(() -> {
                for (int poll = 0; poll < 1_000_000; poll++) {
                    assertThat(t.poll((seq, p) -> { })).as("no record after the damage is handed out").isFalse();
                }
            }).isInstanceOf(CorruptRecordException.class)
                    .hasMessageContaining(f.file() + " at byte " + f.position())
                    .hasMessageContaining("expected sequence 101");
        }
    }

    @Test
    void aTailerFollowingAWriterInAnotherProcessAcrossSegmentsNeverReportsDamage() throws Exception {
        // no writer in this JVM: the tailer reads ahead at each wait instead of asking the writer
        Process child = ChildJvm.start(CrashAppender.class, dir.toString(), Integer.toString(SEGMENT));
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.US_ASCII))) {
            assertThat(out.readLine()).startsWith("opened ");
            AtomicLong next = new AtomicLong(1);
            try (Tailer t = Tailer.open(dir, 1)) {
                while (next.get() <= 400) {
                    pollExpecting(t, next, CrashAppender::payload);
                }
            }
            assertThat(SegmentScanner.bases(dir)).hasSizeGreaterThan(2);
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aTailerFollowingALiveWriterAcrossSegmentsNeverReportsDamage() throws Exception {
        int records = 20_000;
        try (Journal j = Journal.open(DamagedJournal.config(dir)); Tailer t = j.tailer(1)) {
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                for (int i = 1; i <= records; i++) {
                    j.appendNoWait(DamagedJournal.payload(i), 0, 150);
                }
            });
            AtomicLong next = new AtomicLong(1);
            while (next.get() <= records) {
                pollExpecting(t, next, DamagedJournal::payload);
                assertThat(writer.isCompletedExceptionally()).isFalse();
            }
            writer.get(30, TimeUnit.SECONDS);
        }
    }

    /** Polls once; a record handed out must be {@code next} with the bytes {@code payload} gives it. */
    private static void pollExpecting(Tailer t, AtomicLong next, LongFunction<byte[]> payload) {
        t.poll((seq, p) -> {
            assertThat(seq).isEqualTo(next.get());
            byte[] b = new byte[p.remaining()];
            p.get(b);
            assertThat(b).isEqualTo(payload.apply(seq));
            next.incrementAndGet();
        });
    }
}
