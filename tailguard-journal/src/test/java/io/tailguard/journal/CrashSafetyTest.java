package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.ScanReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs a {@code sync} appender in a child JVM, SIGKILLs it ({@code destroyForcibly}) after a
 * random number of reported commits (also a {@code none} one, whose records a process crash
 * leaves in the page cache and whose blanks are touched pages of sparse files), reopens the journal and checks that every reported commit is
 * present and intact, no corrupt record is returned, and appending continues. The same directory
 * is reused across trials, so later trials also recover journals that earlier kills left behind.
 */
class CrashSafetyTest {

    private static final int SEGMENT = 64 * 1024;

    @TempDir
    Path dir;

    @Test
    void committedRecordsSurviveSigkill() throws Exception {
        runTrials(4, 0xC0FFEEL);
    }

    @Test
    void writtenRecordsOfAJournalThatNeverForcesSurviveSigkill() throws Exception {
        runTrials(3, 0xB1A2CL, "none");
    }

    @Tag("slow")
    @Test
    void committedRecordsSurviveAHundredSigkills() throws Exception {
        runTrials(100, 0x5EED_0003L);
    }

    private void runTrials(int trials, long seed) throws Exception {
        runTrials(trials, seed, "sync");
    }

    private void runTrials(int trials, long seed, String durability) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        long committedSoFar = 0;
        for (int trial = 0; trial < trials; trial++) {
            int commitsBeforeKill = 1 + random.nextInt(150);
            long reported = runAndKill(commitsBeforeKill, random.nextInt(2000), durability);
            assertThat(reported).as("trial %d: child reported commits", trial).isGreaterThan(committedSoFar);
            committedSoFar = check(reported, trial);
        }
    }

    /** Starts the child, reads until it reported {@code commits} more commits, spins a little, kills it. */
    private long runAndKill(int commits, int extraSpins, String durability) throws IOException, InterruptedException {
        Process child = ChildJvm.start(CrashAppender.class, dir.toString(), Integer.toString(SEGMENT), durability);
        long lastReported = 0;
        int seen = 0;
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while (seen < commits && (line = out.readLine()) != null) {
                if (line.startsWith("committed ")) {
                    lastReported = Long.parseLong(line.substring("committed ".length()));
                    seen++;
                }
            }
            for (int i = 0; i < extraSpins; i++) {
                Thread.onSpinWait(); // lands the kill at a less predictable point of the next append
            }
            // SIGKILL on Linux; it also closes our end of the pipe, so lines still buffered are not read
            child.destroyForcibly();
        }
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(seen).as("child reported %d commits before exiting", seen).isEqualTo(commits);
        return lastReported;
    }

    private long check(long reported, int trial) {
        long last;
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build())) {
            ScanReport r = j.recovery();
            assertThat(r.lastSequence()).as("trial %d: %s", trial, r.summary()).isGreaterThanOrEqualTo(reported);
            long[] expected = {1};
            try (Tailer t = j.tailer(1)) {
                while (t.poll((seq, p) -> {
                    assertThat(seq).isEqualTo(expected[0]);
                    byte[] b = new byte[p.remaining()];
                    p.get(b);
                    assertThat(b).as("trial %d record %d", trial, seq).isEqualTo(CrashAppender.payload(seq));
                    expected[0]++;
                })) {
                    // read everything; a corrupt record would throw
                }
            }
            assertThat(expected[0] - 1).isEqualTo(r.lastSequence());
            last = j.appendBlocking(CrashAppender.payload(r.lastSequence() + 1));
            assertThat(last).isEqualTo(r.lastSequence() + 1);
        }
        ScanReport verified = SegmentScanner.verify(dir);
        assertThat(verified.consistent()).as(verified.summary()).isTrue();
        assertThat(verified.lastSequence()).isEqualTo(last);
        return last;
    }
}
