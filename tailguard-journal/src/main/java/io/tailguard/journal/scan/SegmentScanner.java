package io.tailguard.journal.scan;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
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
 * no next file, a segment shorter than its header says (segments are preallocated: no crash leaves
 * one short), a segment of another journal (identity), of another history (digest) or starting
 * inside records another segment holds (a stray). A refused open changes no byte: nothing is
 * deleted, truncated, zeroed or extended.
 * (Pages that reach the disk out of order after a power cut can make a real torn tail look like
 * damage; the scan then refuses too, and the operator decides with {@code journal repair}.)
 *
 * <p>What an accepted open changes: the torn tail is zeroed (and reported as
 * {@link ScanReport#cutBytes()}); an empty next segment left by a roll the crash cut short gets its roll marker;
 * prepared blank files ({@code *.tgj.tmp}, never holding a record) are deleted; an empty directory
 * gets its first segment.
 */
public final class SegmentScanner {

    private SegmentScanner() {
    }

    /** Lists segment base sequences in {@code dir}, ascending. */
    public static List<Long> bases(Path dir) {
        return SegmentFiles.of(dir).bases();
    }

    /** How many times {@link #verify} scans again when a refusal may be a live writer's roll seen half-way. */
    static final int VERIFY_ATTEMPTS = 20;

    /**
     * Checks every frame without changing anything; says what opening would cut or why it would
     * refuse. Beside a live writer a scan can list the directory while a roll renames a file, or
     * read a segment before and its successor after the writer moved on; such a scan's refusal
     * differs from the next scan's. So a refusal counts only when a second scan right after it
     * finds the same (the same problem at the same place after the same last record); otherwise it
     * scans again, up to {@value #VERIFY_ATTEMPTS} times, and then says that the writer kept moving.
     * Checks the segments against the directory's {@code journal.id}.
     */
    public static ScanReport verify(Path dir) {
        return verify(dir, IdFile.read(dir.resolve(IdFile.JOURNAL_ID)));
    }

    /** Like {@link #verify(Path)} against {@code expected} (null: no {@code journal.id}). */
    public static ScanReport verify(Path dir, JournalId expected) {
        return verify(dir, expected, true);
    }

    /** Like {@link #verify(Path, JournalId)}; {@code checkIdentity} false counts records whatever identity segments name. */
    public static ScanReport verify(Path dir, JournalId expected, boolean checkIdentity) {
        ScanReport r = new DirectoryScan(dir, expected, checkIdentity).run().report();
        for (int attempt = 1; r.refused() && attempt < VERIFY_ATTEMPTS; attempt++) {
            ScanReport again = new DirectoryScan(dir, expected, checkIdentity).run().report();
            if (sameVerdict(r, again)) {
                return again;
            }
            r = again;
        }
        if (r.refused()) {
            return new ScanReport(r.segments(), r.records(), r.firstSequence(), r.lastSequence(), false, false,
                    "the journal's writer moved on during each of " + VERIFY_ATTEMPTS + " scans (last: "
                            + r.problem() + "); run verify again", r.problemFile(), r.problemPosition(), 0,
                    r.unpublishedBytes());
        }
        return r;
    }

    private static boolean sameVerdict(ScanReport a, ScanReport b) {
        return b.refused() && a.lastSequence() == b.lastSequence() && a.problem().equals(b.problem())
                && a.problemPosition() == b.problemPosition() && java.util.Objects.equals(a.problemFile(), b.problemFile());
    }

    /**
     * Scans for an open: the scan's verdict, before anything on disk changes.
     *
     * @throws JournalCorruptedException when the scan refuses; nothing on disk was changed
     */
    public static DirectoryScan scanForOpen(Path dir, JournalId expected) {
        DirectoryScan scan = new DirectoryScan(dir, expected).run();
        ScanReport report = scan.report();
        if (report.refused()) {
            throw new JournalCorruptedException("cannot open journal " + dir + ": " + report.damage().describe()
                    + "; nothing on disk was changed. " + advice(dir, report), report);
        }
        return scan;
    }

    /** What the operator may run about a refusal: restore the identity, or keep the intact records. */
    private static String advice(Path dir, ScanReport report) {
        if (report.problem().startsWith(IdFile.JOURNAL_ID + " is missing")) {
            return "";
        }
        long keep = report.lastSequence();
        return (keep == 0 ? "No record from sequence 1 on is intact; to move every segment aside and start the "
                + "journal again run " : "Records 1.." + keep + " are intact; to keep only them run ")
                + "'tailguard journal repair --dir " + dir + " --truncate-after " + keep + "' (it moves what it cuts"
                + " or what is not this journal's to " + dir.resolve("repair-<time>") + "; --dry-run shows the plan)";
    }

    /**
     * After {@link #scanForOpen} accepted: cuts the torn tail and maps the newest segment writable
     * for appending (creates the first segment, base sequence 1, of journal {@code identity} in an
     * empty directory).
     */
    public static Recovered recover(Path dir, DirectoryScan scan, int segmentSizeBytes, JournalId identity) {
        ScanReport report = scan.report();
        deleteBlanks(dir);
        if (scan.tailBase < 0) {
            Segment first = Segment.create(dir, 1, segmentSizeBytes, identity, HistoryDigest.EMPTY);
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
            tail.resumeDigest(scan.digest());
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
        next.resumeDigest(scan.digest());
        return new Recovered(next, SegmentLayout.HEADER_LENGTH, scan.nextSequence(), report);
    }

    /** Forces the directory entry list (after creating or deleting a segment file). */
    public static void forceDirectory(Path dir) {
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
