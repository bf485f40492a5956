package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a writer into an 8 MiB tmpfs (mounted by the test, which needs root, as here and in CI)
 * in a child JVM, so that a crash fails the test instead of killing the test run: the append that
 * finds the file system full fails with an error naming the directory and the bytes needed and
 * publishes nothing, every committed record reads back, {@code verify} of the full directory
 * neither crashes nor finds damage, no thread dies, and appends resume once space is freed.
 * Where the mount is refused the test is skipped; {@link SegmentWriterRollFailureTest} covers the
 * writer's side of a failed allocation without a file system.
 */
@Tag("slow")
@Timeout(120)
class FullDiskTest {

    private static final int SEGMENT = 1 << 20;
    private static final int BALLAST = 4 << 20;
    private static final int MORE = 3000;

    @TempDir
    Path tmp;

    private Path mount;
    private boolean mounted;

    @BeforeEach
    void mountTmpfs() throws Exception {
        mount = Files.createDirectory(tmp.resolve("small"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        mounted = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        Assumptions.assumeTrue(mounted, "cannot mount a tmpfs (needs root): " + out);
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            // lazily: where the JDK cannot unmap (24 and later) this JVM's mappings of the segments
            // stay until a collection, and a plain unmount would find the file system busy
            new ProcessBuilder("umount", "-l", mount.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "sync"})
    void aFullDiskFailsTheAppendCleanlyAndAppendsResumeOnceSpaceIsFreed(String durability) throws Exception {
        Path dir = Files.createDirectory(mount.resolve("journal"));
        Path ballast = mount.resolve("ballast");
        try (FileChannel ch = FileChannel.open(ballast, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(BALLAST));
        }
        Path stderr = tmp.resolve("stderr.txt");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx64m", "-XX:ErrorFile=" + tmp.resolve("hs_err_%p.log"),
                "-cp", System.getProperty("java.class.path"), FullDiskAppender.class.getName(),
                dir.toString(), Integer.toString(SEGMENT), durability, Integer.toString(MORE))
                .directory(tmp.toFile()).redirectError(stderr.toFile()).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII));
             OutputStream in = child.getOutputStream()) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (line.equals("full")) {
                    Files.delete(ballast);
                    in.write("freed\n".getBytes(StandardCharsets.US_ASCII));
                    in.flush();
                }
            }
        } finally {
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
        String err = Files.readString(stderr);
        assertThat(child.exitValue()).as("the child JVM exited normally; stderr: %s; lines: %s", err, tail(lines))
                .isZero();
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no JVM crash report")
                    .noneMatch(n -> n.startsWith("hs_err"));
        }
        assertThat(err).as("no stack trace").doesNotContain("\tat ").doesNotContain("Exception in thread");
        assertThat(tail(lines)).as("no thread died").noneMatch(l -> l.startsWith("uncaught"));
        assertThat(lines.stream().filter(l -> l.startsWith("error "))).as("the only errors: blanks that found no space")
                .allMatch(l -> l.contains("cannot prepare the next segment in " + dir) && l.contains("No space left"));

        long committed = lines.stream().filter(l -> l.startsWith("committed ")).mapToLong(l -> number(l, "committed "))
                .max().orElse(0);
        assertThat(committed).as("the journal filled more than one segment first").isGreaterThan(SEGMENT / 1500);
        String failed = only(lines, "failed ");
        assertThat(failed).contains("java.io.UncheckedIOException").contains(dir.toString())
                .contains(SEGMENT + " bytes").contains("No space left on device");
        assertThat(number(only(lines, "written "), "written ")).as("the failed append published nothing")
                .isEqualTo(committed);
        assertThat(lines.get(lines.indexOf("full") - 1)).as("verify of the full directory")
                .startsWith("verify ok records=" + committed + " ");
        List<String> resumed = lines.stream().filter(l -> l.startsWith("resumed ")).toList();
        assertThat(resumed).hasSize(MORE);
        assertThat(number(resumed.get(MORE - 1), "resumed ")).isEqualTo(committed + MORE);
        assertThat(lines.get(lines.size() - 2)).startsWith("verify ok records=" + (committed + MORE) + " ");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("done");
        assertThat(readAll(dir)).isEqualTo(committed + MORE);
    }

    @Test
    void openingANewJournalOnAFullDiskFailsNamingTheDirectoryAndTheBytesNeeded() throws Exception {
        Path ballast = mount.resolve("ballast");
        try (FileChannel ch = FileChannel.open(ballast, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer chunk = ByteBuffer.allocate(1 << 20);
            try {
                while (true) {
                    ch.write(chunk.clear());
                }
            } catch (IOException full) {
                // the file system is full
            }
            // room for the small files a new journal writes first (journal.id, the lock), not for a segment
            ch.truncate(ch.size() - 64 * 1024);
        }
        Path dir = Files.createDirectory(mount.resolve("journal"));
        // in this JVM: creating the first segment writes its zeros through a channel and maps nothing first
        assertThatThrownBy(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build()))
                .isInstanceOf(UncheckedIOException.class).hasMessageContaining(SEGMENT + " bytes needed in " + dir)
                .hasMessageContaining("No space left on device");
        Files.delete(ballast);
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build())) {
            assertThat(j.appendBlocking(CrashAppender.payload(1))).isEqualTo(1);
        }
    }

    /** Reads every record, checking each payload; returns how many. */
    private static long readAll(Path dir) {
        long[] next = {1};
        try (Tailer t = Tailer.open(dir, 1)) {
            while (t.poll((seq, p) -> {
                assertThat(seq).isEqualTo(next[0]);
                byte[] b = new byte[p.remaining()];
                p.get(b);
                assertThat(b).as("record %d", seq).isEqualTo(CrashAppender.payload(seq));
                next[0]++;
            })) {
                // read everything
            }
        }
        return next[0] - 1;
    }

    private static String only(List<String> lines, String prefix) {
        List<String> found = lines.stream().filter(l -> l.startsWith(prefix)).toList();
        assertThat(found).as("lines starting with \"%s\" in %s", prefix, tail(lines)).hasSize(1);
        return found.get(0);
    }

    private static long number(String line, String prefix) {
        return Long.parseLong(line.substring(prefix.length()).trim());
    }

    private static List<String> tail(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("committed ") && !l.startsWith("resumed ")).toList();
    }
}
