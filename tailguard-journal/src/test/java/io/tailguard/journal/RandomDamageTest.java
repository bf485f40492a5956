package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.SegmentLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Zeroes a random range or flips a random byte of a random segment of a 1,500-record journal, many
 * times, and checks the one rule that matters: opening either refuses and changes nothing, or
 * keeps every record the damage did not touch (only records hit by the damage, with nothing
 * intact after them, may be cut); a tailer never returns altered bytes.
 */
class RandomDamageTest extends StandardJournalFixture {

    private static final List<DamagedJournal.Frame> FRAMES = new ArrayList<>();

    @BeforeAll
    static void locateFrames() {
        for (long seq = 1; seq <= RECORDS; seq++) {
            FRAMES.add(DamagedJournal.frame(original, seq));
        }
    }

    @Test
    void randomDamageNeverLosesAnUntouchedRecord() {
        run(60, 0xD15C_0001L);
    }

    @Tag("slow")
    @Test
    void randomDamageNeverLosesAnUntouchedRecordOverManyTrials() {
        run(1000, 0xD15C_0002L);
    }

    private void run(int trials, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int trial = 0; trial < trials; trial++) {
            Path dir = DamagedJournal.copy(original, tmp.resolve("t" + trial));
            int segment = random.nextInt(4);
            Path file = DamagedJournal.segment(dir, segment);
            long from = random.nextInt(SEGMENT);
            long to;
            String what;
            if (random.nextBoolean()) {
                int length = 1 + random.nextInt((int) Math.min(8192, SEGMENT - from));
                DamagedJournal.zero(file, from, length);
                to = from + length;
                what = "trial " + trial + ": zeroed " + file.getFileName() + " [" + from + ", " + to + ")";
            } else {
                DamagedJournal.flip(file, from);
                to = from + 1;
                what = "trial " + trial + ": flipped " + file.getFileName() + " @" + from;
            }
            check(dir, file.getFileName().toString(), from, to, what);
        }
    }

    /** Returns the highest sequence whose frame does not overlap {@code [from, to)} of {@code fileName}. */
    private static long lastUntouched(String fileName, long from, long to) {
        long last = 0;
        for (int i = 0; i < RECORDS; i++) {
            DamagedJournal.Frame f = FRAMES.get(i);
            long end = f.position() + SegmentLayout.align(FrameCodec.HEADER_LENGTH + 150);
            boolean touched = f.file().getFileName().toString().equals(fileName) && f.position() < to && end > from;
            if (!touched) {
                last = i + 1;
            }
        }
        return last;
    }

    private void check(Path dir, String fileName, long from, long to, String what) {
        long lastUntouched = lastUntouched(fileName, from, to);
        Map<String, String> before = DamagedJournal.hashes(dir);
        ScanReport verified = SegmentScanner.verify(dir);
        JournalCorruptedException refused = catchThrowableOfType(() -> {
            try (Journal j = Journal.open(DamagedJournal.config(dir))) {
                assertThat(j.recovery()).as(what).isEqualTo(verified);
                assertThat(j.recovery().lastSequence()).as(what + ": no untouched record is cut; " + verified.summary())
                        .isGreaterThanOrEqualTo(lastUntouched);
            }
        }, JournalCorruptedException.class);
        if (refused != null) {
            assertThat(refused.report()).as(what).isEqualTo(verified);
            assertThat(DamagedJournal.hashes(dir)).as(what + ": a refused open changes nothing").isEqualTo(before);
        }
        List<Throwable> thrown = new ArrayList<>();
        List<Long> seen = DamagedJournal.readUntilStop(dir, thrown); // asserts the bytes of every record returned
        assertThat(thrown).as(what).allMatch(t -> t instanceof CorruptRecordException);
        if (refused == null) {
            assertThat(seen).as(what).hasSizeGreaterThanOrEqualTo((int) lastUntouched);
        } else {
            // open refused because intact data follows the damage: a reader must not take it for the end
            assertThat(thrown).as(what + ": the tailer throws at the damage; it read " + seen.size()).hasSize(1);
        }
    }
}
