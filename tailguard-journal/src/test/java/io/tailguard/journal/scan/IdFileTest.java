package io.tailguard.journal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.DamagedJournal;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.JournalRepair;
import io.tailguard.journal.PreviousFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdFileTest {

    @TempDir
    Path tmp;

    private JournalConfig config() {
        return JournalConfig.builder(tmp.resolve("j")).segmentSizeBytes(1 << 20).build();
    }

    @Test
    void aJournalGetsAnIdentityAtFirstOpenAndKeepsIt() {
        JournalId first;
        try (Journal j = Journal.open(config())) {
            first = j.identity();
            j.appendBlocking(new byte[] {1, 2, 3});
        }
        assertThat(IdFile.read(tmp.resolve("j").resolve(IdFile.JOURNAL_ID))).isEqualTo(first);
        try (Journal j = Journal.open(config())) {
            assertThat(j.identity()).isEqualTo(first);
            assertThat(j.writtenSequence()).isEqualTo(1);
        }
        try (Journal fresh = Journal.open(JournalConfig.builder(tmp.resolve("k")).segmentSizeBytes(1 << 20).build())) {
            assertThat(fresh.identity()).isNotEqualTo(first);
        }
    }

    @Test
    void aJournalMadeBeforeIdentitiesGetsOneAtOpenAndKeepsItsRecords() throws IOException {
        // the previous segment format names no identity, and journals before identities had no journal.id
        PreviousFormat.write(tmp.resolve("j"), 1, 1 << 20, seq -> new byte[] {7});
        try (Journal j = Journal.open(config())) {
            assertThat(j.identity()).isNotNull();
            assertThat(j.writtenSequence()).isEqualTo(1);
            assertThat(IdFile.read(tmp.resolve("j").resolve(IdFile.JOURNAL_ID))).isEqualTo(j.identity());
        }
    }

    @Test
    void aDeletedIdentityOfACurrentFormatJournalRefusesTheOpenAndRepairWritesItBackFromTheHeaders()
            throws IOException {
        Path dir = tmp.resolve("j");
        JournalId first;
        try (Journal j = Journal.open(config())) {
            first = j.identity();
            j.appendBlocking(new byte[] {7});
        }
        Files.delete(dir.resolve(IdFile.JOURNAL_ID));
        assertThatThrownBy(() -> Journal.open(config()))
                .isInstanceOf(io.tailguard.journal.segment.JournalCorruptedException.class)
                .hasMessageContaining(dir.resolve(IdFile.JOURNAL_ID) + " at byte 0: journal.id is missing, but segment "
                        + "00000000000000000001.tgj holds records of journal " + first)
                .hasMessageContaining("--restore-id");
        assertThat(dir.resolve(IdFile.JOURNAL_ID)).as("a refused open creates no identity").doesNotExist();
        assertThat(Journal.verify(dir).summary()).contains("journal.id is missing").endsWith("open=refuses");
        assertThat(JournalRepair.restoreIdentity(dir)).isEqualTo(first);
        try (Journal j = Journal.open(config())) {
            assertThat(j.identity()).isEqualTo(first);
            assertThat(j.writtenSequence()).isEqualTo(1);
        }
    }

    @Test
    void aDamagedIdentityRefusesTheOpenWithTheReasonAndReleasesTheLock() throws IOException {
        try (Journal j = Journal.open(config())) {
            j.appendBlocking(new byte[] {7});
        }
        Path file = tmp.resolve("j").resolve(IdFile.JOURNAL_ID);
        byte[] good = Files.readAllBytes(file);
        byte[] bad = good.clone();
        bad[12] ^= 0x10;
        Files.write(file, bad);
        assertThatThrownBy(() -> Journal.open(config()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("identity file " + file + " is damaged: checksum mismatch");
        assertThat(Files.readAllBytes(file)).as("never replaced silently").isEqualTo(bad);
        Files.write(file, good);
        try (Journal j = Journal.open(config())) {
            assertThat(j.writtenSequence()).as("the failed open released its lock").isEqualTo(1);
        }
        Files.write(file, new byte[5]);
        assertThatThrownBy(() -> IdFile.read(file)).hasMessageContaining("length 5 but 32 was expected");
    }

    @Test
    void writeReplacesTheFileAndLeavesNoTemporaryFile() throws IOException {
        Path file = tmp.resolve(IdFile.PRIMARY_ID);
        assertThat(IdFile.read(file)).isNull();
        JournalId a = JournalId.random();
        JournalId b = JournalId.random();
        IdFile.write(file, a);
        IdFile.write(file, b);
        assertThat(IdFile.read(file)).isEqualTo(b);
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files).containsExactly(file);
        }
        assertThat(b.toString()).hasSize(32).matches("[0-9a-f]{32}");
        assertThatThrownBy(() -> new JournalId(0, 0)).hasMessage("journal id must be non-zero but was 0");
    }

    @Test
    void aDamagedIdentityRefusesBeforeRecoveryChangesAByte() throws IOException {
        Path dir = tmp.resolve("j");
        DamagedJournal.write(dir, 20, DamagedJournal.SEGMENT);
        DamagedJournal.Frame last = DamagedJournal.frame(dir, 20);
        DamagedJournal.flip(last.file(), last.position() + 40); // a torn last record: an open would cut it
        Files.write(dir.resolve(IdFile.JOURNAL_ID), new byte[5]);
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.write(empty.resolve(IdFile.JOURNAL_ID), new byte[5]);
        Files.createFile(empty.resolve("journal.lock")); // the lock file is the one thing an open must create
        for (Path d : new Path[] {dir, empty}) {
            java.util.Map<String, String> before = DamagedJournal.hashes(d);
            assertThatThrownBy(() -> Journal.open(DamagedJournal.config(d)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("is damaged: length 5");
            assertThat(DamagedJournal.hashes(d)).as("a refused open changes nothing in %s", d).isEqualTo(before);
        }
    }
}
