package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.segment.ScanReport;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A roll that cannot create its segment (here the journal's directory is moved away while the
 * journal is open, which needs no privilege; {@link FullDiskTest} fills a real file system) fails
 * the append with an error naming the directory and saying the record is not written, publishes
 * nothing, keeps every earlier record readable, leaves the preparer reporting and retrying rather
 * than dying, and the same append succeeds, once, when the directory is back.
 */
@Timeout(60)
class RollFailureTest {

    private static final int SEGMENT = 64 * 1024;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"none", "sync"})
    void aFailedRollPublishesNothingAndTheRetryAppendsTheRecordOnce(String durability) throws Exception {
        Path dir = tmp.resolve("j");
        Path away = tmp.resolve("away");
        LogCollector log = new LogCollector();
        JournalConfig cfg = JournalConfig.builder(dir).segmentSizeBytes(SEGMENT)
                .durability(durability.equals("none") ? Durability.none() : Durability.sync()).errors(log).build();
        long failedAt;
        long last;
        try (Journal j = Journal.open(cfg)) {
            for (long seq = 1; seq <= 100; seq++) {
                j.appendBlocking(CrashAppender.payload(seq));
            }
            Files.move(dir, away);
            UncheckedIOException failure = null;
            long seq = j.writtenSequence();
            while (failure == null) {
                try {
                    j.appendBlocking(CrashAppender.payload(seq + 1));
                    seq++;
                } catch (UncheckedIOException e) {
                    failure = e;
                }
            }
            failedAt = seq + 1;
            assertThat(failure).hasMessageContaining("cannot roll " + dir)
                    .hasMessageContaining("record " + failedAt + " is not written");
            assertThat(j.writtenSequence()).as("nothing published").isEqualTo(failedAt - 1);
            assertThat(catchThrowableOfType(() -> j.appendBlocking(CrashAppender.payload(failedAt)),
                    UncheckedIOException.class)).as("still no directory").isNotNull();
            assertThat(log.await("cannot prepare the next segment in " + dir))
                    .contains("retrying");
            Files.move(away, dir);
            assertThat(j.appendBlocking(CrashAppender.payload(failedAt))).isEqualTo(failedAt);
            for (seq = failedAt + 1; seq <= failedAt + 200; seq++) {
                assertThat(j.appendBlocking(CrashAppender.payload(seq))).isEqualTo(seq);
            }
            last = j.writtenSequence();
        }
        assertThat(last).isEqualTo(failedAt + 200);
        List<byte[]> all;
        try (Tailer t = Tailer.open(dir, 1)) {
            all = Payloads.drain(t);
        }
        assertThat(all).hasSize((int) last);
        for (int i = 0; i < all.size(); i++) {
            assertThat(all.get(i)).as("record %d", i + 1).isEqualTo(CrashAppender.payload(i + 1));
        }
        ScanReport r = Journal.verify(dir);
        assertThat(r.consistent()).as(r.summary()).isTrue();
        assertThat(r.lastSequence()).isEqualTo(last);
        assertThat(log.lines()).as("the preparer kept running").noneMatch(l -> l.contains("preparation stopped"));
    }
}
