package io.tailguard.journal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the runs' journals live and what closing removes. */
class BenchDataTest {

    @TempDir
    Path tmp;

    @Test
    void withoutADirectoryTheRunsLiveInATemporaryOneThatClosingRemoves() throws Exception {
        BenchData data = BenchData.at(null);
        Files.createDirectories(data.run("none-ack"));

        data.close();

        assertThat(data.base().getFileName().toString()).startsWith("tailguard-journal-bench-");
        assertThat(data.base()).doesNotExist();
    }

    @Test
    void underAGivenDirectoryClosingRemovesOnlyTheLastRun() throws Exception {
        Path kept = Files.writeString(tmp.resolve("mine.txt"), "x");
        BenchData data = BenchData.at(tmp);
        Path first = Files.createDirectories(data.run("sync-none"));
        Path last = Files.createDirectories(data.run("sync-ack"));

        data.close();
        data.close();

        assertThat(last).doesNotExist();
        assertThat(first).exists();
        assertThat(kept).exists();
        assertThat(data.base()).isEqualTo(tmp);
    }
}
