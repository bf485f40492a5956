package io.tailguard.journal.segment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.TestIds;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SegmentTest {

    private static final int SIZE = 1 << 16;

    @TempDir
    Path dir;

    private static void appendAndReadBack(Segment s) {
        int position = SegmentLayout.HEADER_LENGTH;
        for (long seq = 1; seq <= 3; seq++) {
            position = s.append(position, seq, ByteBuffer.wrap(new byte[] {(byte) seq, 2, 3}));
        }
        int at = SegmentLayout.HEADER_LENGTH;
        for (long seq = 1; seq <= 3; seq++) {
            assertThat(s.check(at, seq)).isEqualTo(FrameStatus.OK);
            at = s.next(at);
        }
        assertThat(s.check(at, 4)).isEqualTo(FrameStatus.END);
    }

    @Test
    void forcedUnforcedAndLateBlanksAllBecomeWorkingSegmentsOfTheFullSizeWithEveryBlockAllocated() throws Exception {
        Segment forced = Segment.activate(Zeroing.prepare(dir, "a" + Segment.TMP_SUFFIX, SIZE, true), dir, 1, TestIds.ID, 0);
        Segment unforced = Segment.activate(Zeroing.prepare(dir, "b" + Segment.TMP_SUFFIX, SIZE, false), dir, 100, TestIds.ID, 0);
        Segment late = Segment.activate(Zeroing.allocateLate(dir, "c" + Segment.TMP_SUFFIX, SIZE), dir, 200, TestIds.ID, 0);
        for (Segment s : new Segment[] {forced, unforced, late}) {
            assertThat(Files.size(s.path())).isEqualTo(SIZE);
            assertThat(allocatedBytes(s.path())).as("blocks of %s", s).isGreaterThanOrEqualTo(SIZE);
            assertThat(s.endOfNonZero(SegmentLayout.HEADER_LENGTH)).isEqualTo(SegmentLayout.HEADER_LENGTH);
            appendAndReadBack(s);
        }
        try (var tmp = Files.newDirectoryStream(dir, "*" + Segment.TMP_SUFFIX)) {
            assertThat(tmp).isEmpty();
        }
    }

    /** Returns the bytes of {@code file} the file system has allocated (or reserved), from {@code stat(1)}. */
    public static long allocatedBytes(Path file) throws Exception {
        Process p = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).redirectErrorStream(true).start();
        String[] out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split(" ");
        assertThat(p.waitFor()).as("stat %s: %s", file, String.join(" ", out)).isZero();
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }
}
