package io.tailguard.journal;

import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Thread-safe (stateless): scans a journal directory frame by frame, read-only for
 * {@code journal verify}, or to open it for appending. Both get their verdict from the same scan.
 *
 * <p>What opening may cut: only the <em>torn tail</em>, the non-zero bytes after the last intact
 * record of the newest segment, when nothing after them proves that a record was written. A
 * process crash leaves at most a frame whose length was never published (the writer publishes the
 * length last); a power cut can also leave a frame whose pages reached the disk only in part. The
 * proof that records were written is an intact frame (length in range, matching CRC32C, a sequence
 * not yet seen) or a roll marker anywhere after the stop, or any byte of data in a later segment.
 * A record followed by such proof could have been acknowledged (written to the page cache, forced,
 * or sent to a replica), so the scan refuses instead of cutting: a zeroed region or a bad record
 * before intact data, a damaged segment header, a file larger than its header says, a missing
 * first or middle segment, a {@code *.tgj} file whose name is not a segment's, a roll marker with
 * no next file, a newest segment shorter than its header says whose records run to its end (no zero
 * frame length after the last one shows that the writer stopped there). A refused open changes no byte: nothing is deleted, truncated, zeroed or extended.
 * (Pages that reach the disk out of order after a power cut can make a real torn tail look like
 * damage; the scan then refuses too, and the operator decides with {@code journal repair}.)
 *
 * <p>What an accepted open changes: the torn tail is zeroed (and reported as
 * {@link ScanReport#cutBytes()}); a newest segment shorter than its header says, whose last
 * record is followed by a zero frame length in the file, is extended with zeros to its size; an empty next segment left by a roll the crash cut short gets its roll marker;
 * prepared blank files ({@code *.tgj.tmp}, never holding a record) are deleted; an empty directory
 * gets its first segment.
 */
final class SegmentScanner {

    private SegmentScanner() {
    }

    /** Lists segment base sequences in {@code dir}, ascending. */
    static List<Long> bases(Path dir) {
        return SegmentFiles.of(dir).bases();
    }

    /** Checks every frame without changing anything; says what opening would cut or why it would refuse. */
    static ScanReport verify(Path dir) {
        return new DirectoryScan(dir).run().report();
    }

    /**
     * Scans; when the journal may be opened, cuts its torn tail and maps the newest segment
     * writable for appending (creates the first segment, base sequence 1, in an empty directory).
     *
     * @throws JournalCorruptedException when the scan refuses; nothing on disk was changed
     */
    static Recovered recover(Path dir, int segmentSizeBytes) {
        DirectoryScan scan = new DirectoryScan(dir).run();
        ScanReport report = scan.report();
        if (report.refused()) {
            long keep = report.lastSequence();
            throw new JournalCorruptedException("cannot open journal " + dir + ": " + report.damage().describe()
                    + "; nothing on disk was changed. " + (keep == 0 ? "No record from sequence 1 on is intact; "
                    + "to move every segment aside and start the journal again run " : "Records 1.." + keep
                    + " are intact; to keep only them run ") + "'tailguard journal repair --dir " + dir
                    + " --truncate-after " + keep + "' (it moves what it cuts to " + dir.resolve("repair-<time>") + ")",
                    report);
        }
        deleteBlanks(dir);
        if (scan.tailBase < 0) {
            Segment first = Segment.create(dir, 1, segmentSizeBytes);
            forceDirectory(dir);
            return new Recovered(first, SegmentLayout.HEADER_LENGTH, 1, report);
        }
        Damage[] why = new Damage[1];
        Path tailFile = SegmentFiles.file(dir, scan.tailBase);
        Segment tail = Segment.open(tailFile, scan.tailBase, true, why);
        if (tail == null) {
            throw new JournalCorruptedException("cannot open journal " + dir + ": " + why[0].describe()
                    + " (the file changed during the scan)", report);
        }
        if (scan.cutEnd > scan.tailPosition) {
            tail.zero(scan.tailPosition, scan.cutEnd);
        }
        if (scan.emptyNextBase < 0) {
            return new Recovered(tail, scan.tailPosition, scan.nextSequence(), report);
        }
        tail.appendRollMarker(scan.tailPosition);
        // the appender counts every kept record as forced, and it forces only the segment it writes
        tail.force(0, scan.tailPosition + SegmentLayout.ALIGNMENT);
        tail.close(); // appends continue in the next segment; only this method held the tail
        Segment next = Segment.open(SegmentFiles.file(dir, scan.emptyNextBase), scan.emptyNextBase, true,
                why);
        if (next == null) {
            throw new JournalCorruptedException("cannot open journal " + dir + ": " + why[0].describe()
                    + " (the file changed during the scan)", report);
        }
        return new Recovered(next, SegmentLayout.HEADER_LENGTH, scan.nextSequence(), report);
    }

    /** Forces the directory entry list (after creating or deleting a segment file). */
    static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse to open a directory; the file's own force still holds its data.
        }
    }

    /** Prepared segment files never got a header or a record; a crash left them behind. */
    private static void deleteBlanks(Path dir) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + Segment.TMP_SUFFIX)) {
            for (Path f : files) {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove prepared segments in " + dir + ": " + e, e);
        }
    }
}
