package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagedOutputTest {

    @TempDir
    Path tmp;

    @Test
    void committedFilesReplaceThoseOfTheSameNameAndKeepTheRest() throws IOException {
        Path target = Files.createDirectory(tmp.resolve("out"));
        Files.writeString(target.resolve("old.csv"), "old");
        Files.writeString(target.resolve("keep.txt"), "keep");
        try (StagedOutput staged = StagedOutput.open(target.toString())) {
            Files.writeString(staged.dir().resolve("old.csv"), "new");
            staged.commit();
        }
        assertThat(Files.readString(target.resolve("old.csv"))).isEqualTo("new");
        assertThat(Files.readString(target.resolve("keep.txt"))).isEqualTo("keep");
        assertThat(listing()).containsExactlyInAnyOrder("out", "out/keep.txt", "out/old.csv");
    }

    @Test
    void closingWithoutCommitLeavesNothingNotEvenTheParentsItCreated() throws IOException {
        try (StagedOutput staged = StagedOutput.open(tmp.resolve("a/b/out").toString())) {
            Files.writeString(staged.dir().resolve("half.csv"), "x");
        }
        assertThat(listing()).isEmpty();
    }

    @Test
    void aFileInTheWayIsAnOutputDirError() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        assertThatThrownBy(() -> StagedOutput.open(file.toString())).isInstanceOf(OutputDirException.class)
                .hasMessage("--output-dir must be a writable directory but was '" + file + "' (it is a file)");
        assertThat(listing()).containsExactly("plain.txt");
    }

    private List<String> listing() throws IOException {
        try (Stream<Path> files = Files.walk(tmp)) {
            return files.filter(p -> !p.equals(tmp)).map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }
}
