package io.tailguard.journal.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.ChildJvm;
import io.tailguard.journal.DamagedJournal;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.scan.SegmentScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The directory lock holds for a journal's lifetime against a second open in the same JVM and
 * against another process, and a failed open never releases a lock it did not take.
 */
class DirectoryLockTest {

    private static final int SEGMENT = DamagedJournal.SEGMENT;

    @TempDir
    Path dir;

    private JournalConfig config() {
        return DamagedJournal.config(dir);
    }

    @Test
    void aSecondOpenInThisJvmAndAnotherProcessAreRefusedWhileTheJournalIsOpen() throws Exception {
        try (Journal first = Journal.open(config())) {
            for (int i = 0; i < 200; i++) {
                first.appendBlocking(new byte[] {9, 9, 9, 9});
            }
            for (int attempt = 0; attempt < 2; attempt++) {
                assertThatThrownBy(() -> Journal.open(config()))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("is already open for appending in this process");
            }
            assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir.resolve(".")).segmentSizeBytes(SEGMENT).build()))
                    .as("the same directory by another path").isInstanceOf(IllegalStateException.class);
            // the failed opens above must not have dropped the lock: another process is still kept out
            assertThat(probe("5")).startsWith("refused IllegalStateException: journal ").contains("by another process");
            assertThat(first.appendBlocking(new byte[] {7})).isEqualTo(201);
        }
        assertThat(probe("5")).isEqualTo("opened 206");
        assertThat(SegmentScanner.verify(dir).lastSequence()).isEqualTo(206);
        try (Journal again = Journal.open(config())) {
            assertThat(again.writtenSequence()).as("reopened after close in this JVM").isEqualTo(206);
        }
    }

    @Test
    void aRefusedOpenOfADamagedJournalReleasesOnlyItsOwnLock() throws Exception {
        DamagedJournal.write(dir, 1, SEGMENT);
        DamagedJournal.append(DamagedJournal.segment(dir, 0), 10); // open now refuses
        for (int attempt = 0; attempt < 2; attempt++) {
            assertThatThrownBy(() -> Journal.open(config()))
                    .isInstanceOf(JournalCorruptedException.class);
        }
        assertThat(probe()).as("the refused opens released the lock they took").startsWith("refused JournalCorruptedException: ");
    }

    @Test
    void aJournalThatCannotBeOpenedSaysWhy() throws IOException {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> Journal.open(JournalConfig.of(notADirectory)))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageStartingWith("cannot open journal " + notADirectory + ": ")
                .hasMessageContaining("FileAlreadyExistsException");
    }

    /** Runs {@link LockProbe} in a child JVM and returns its one line. */
    private String probe(String... extra) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(dir.toString(), Integer.toString(SEGMENT)));
        args.addAll(List.of(extra));
        Process child = ChildJvm.start(LockProbe.class, args.toArray(String[]::new));
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }
}
