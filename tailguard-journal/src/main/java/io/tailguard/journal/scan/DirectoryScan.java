package io.tailguard.journal.scan;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe (one scan): reads a journal directory without changing a byte and decides what
 * opening it may do: continue, cut a torn tail, or refuse. See {@link SegmentScanner} for the rule.
 * Segments are mapped read-only and dropped after the scan.
 *
 * <p>The chain of segments is followed by sequence: the file of the next record's sequence is the
 * next segment. A segment file whose base the chain has already passed (it starts inside records
 * another segment holds) is a stray: refused, named, and stepped over so the count of intact
 * records goes on. A segment in the chain must be this journal's (version 2: the identity of
 * {@code journal.id} and, in its header, the digest of every record before it).
 */
public final class DirectoryScan {

    private final Path dir;
    /** The identity in {@code journal.id}, or null when there is none. */
    private final JournalId expected;
    /** The digest after the last intact record of the chain. */
    private long digest = HistoryDigest.EMPTY;
    /** True once a version 2 segment was in the chain: a version 1 segment cannot follow it. */
    private boolean sawCurrentFormat;
    private int segments;
    private long records;
    private long nextSequence = 1;
    private Damage problem;
    private boolean refused;
    private long unpublishedBytes;
    /** Segments this scan mapped, unmapped when it ends. */
    private final List<Segment> opened = new ArrayList<>();
    /**
     * The first damage found that hides no later record (bytes appended past a segment's size, a
     * short segment, a stray segment), or null: refused once the walk has counted every intact record.
     */
    private Damage appended;

    /** Base of the segment appends continue in, or -1 for an empty directory. */
    long tailBase = -1;
    /** Where the next frame goes in the tail segment. */
    int tailPosition;
    /** End of the non-zero bytes past {@link #tailPosition}: {@code [tailPosition, cutEnd)} is cut. */
    int cutEnd;
    /** An empty segment after the tail, written by a roll the crash cut short, or -1. */
    long emptyNextBase = -1;

    /** Whether a segment's identity is checked; false only to count records beside a damaged {@code journal.id}. */
    private final boolean checkIdentity;

    DirectoryScan(Path dir, JournalId expected) {
        this(dir, expected, true);
    }

    DirectoryScan(Path dir, JournalId expected, boolean checkIdentity) {
        this.dir = dir;
        this.expected = expected;
        this.checkIdentity = checkIdentity;
    }

    /** Returns the digest after the last intact record (the writer continues from it). */
    long digest() {
        return digest;
    }

    DirectoryScan run() {
        SegmentFiles files = SegmentFiles.of(dir);
        List<Long> bases = new ArrayList<>(files.bases());
        Path junk = files.strangers().isEmpty() ? null : files.strangers().get(0);
        try {
            walk(bases);
        } finally {
            opened.forEach(Segment::close); // read-only mappings no one else holds
            opened.clear();
        }
        if (appended != null && !refused) {
            return refuse(appended);
        }
        if (junk != null && !refused) {
            // checked last so that the report still counts the records; it may be a misnamed segment
            return refuse(new Damage(junk, 0, "the name ends with " + SegmentLayout.SUFFIX + " but is not a segment "
                    + "name (20 digits" + SegmentLayout.SUFFIX + "); move it out of the journal directory"));
        }
        return this;
    }

    private DirectoryScan walk(List<Long> bases) {
        if (bases.isEmpty()) {
            return this;
        }
        if (bases.get(0) != 1) {
            return refuse(new Damage(file(1), 0, "the first segment is missing: the oldest segment file "
                    + SegmentLayout.fileName(bases.get(0)) + " starts at sequence " + bases.get(0)));
        }
        Damage[] why = new Damage[1];
        for (int i = 0; i < bases.size(); i++) {
            long base = bases.get(i);
            if (base < nextSequence) {
                defer(new Damage(file(base), 0, "stray segment: it starts at sequence " + base + " but the segments "
                        + "before it already hold records up to " + (nextSequence - 1) + "; it is not part of this "
                        + "journal's chain of segments (copied in from another journal?): move it out of the directory"));
                continue;
            }
            if (base != nextSequence && Files.exists(file(nextSequence))) {
                // a directory listing taken while a live writer renamed files can miss one of them
                bases.add(i, nextSequence);
                base = nextSequence;
            }
            if (base != nextSequence) {
                return refuse(new Damage(file(nextSequence), 0, "segment file is missing: the previous segment "
                        + "ends with a roll marker before sequence " + nextSequence + " but the next file is "
                        + SegmentLayout.fileName(base)));
            }
            Segment seg = track(Segment.open(file(base), base, false, why));
            if (seg == null) {
                // bytes appended past a valid segment's size, or a file cut short: refuse, but keep
                // counting the intact records, so the report (and open's hint) names the repair that keeps them
                seg = track(Segment.openForRepair(file(base), base, new Damage[1]));
                if (seg == null) {
                    return refuse(why[0]);
                }
                defer(why[0]);
            }
            Damage foreign = foreign(seg);
            if (foreign != null) {
                return refuse(foreign);
            }
            segments++;
            int pos = SegmentLayout.HEADER_LENGTH;
            FrameStatus st;
            while (true) {
                while ((st = seg.check(pos, nextSequence)) == FrameStatus.OK) {
                    records++;
                    nextSequence++;
                    digest = HistoryDigest.fold(digest, seg.recordCrcAt(pos));
                    pos = seg.next(pos);
                }
                if (st == FrameStatus.ROLL) {
                    break;
                }
                if (st == FrameStatus.BAD_SEQUENCE) {
                    // segments start from zeros and are never reused: no crash leaves an intact frame out of order
                    return refuse(new Damage(seg.path(), pos, st.reason() + ": an intact frame holds sequence "
                            + seg.sequenceAt(pos) + " where " + nextSequence + " was expected"));
                }
                if (seg.sizeBytes() < seg.declaredSizeBytes()) {
                    // the file was cut short: what it held past its end is gone, whatever the last frame says
                    return refuse(appended);
                }
                int written = seg.findWrittenFrame(pos + SegmentLayout.ALIGNMENT, nextSequence);
                if (written < 0) {
                    break;
                }
                FrameStatus now = seg.check(pos, nextSequence);
                if (now == FrameStatus.OK || now == FrameStatus.ROLL) {
                    continue; // a live writer published it while we looked ahead (verify runs beside one)
                }
                return refuse(new Damage(seg.path(), pos, st.reason() + ", but "
                        + (seg.frameLength(written) == SegmentLayout.ROLL_MARKER ? "the segment's roll marker"
                                : "an intact record (sequence " + seg.sequenceAt(written) + ")")
                        + " follows at byte " + written));
            }
            if (st == FrameStatus.ROLL) {
                if (i == bases.size() - 1 && Files.exists(file(nextSequence))) {
                    bases.add(nextSequence); // a live writer rolled after we listed the directory
                } else if (i == bases.size() - 1) {
                    return refuse(new Damage(file(nextSequence), 0, "segment file is missing: "
                            + seg.path().getFileName() + " ends with a roll marker at byte " + pos));
                }
                continue;
            }
            List<Long> later = new ArrayList<>();
            for (long b : bases.subList(i + 1, bases.size())) {
                if (b < nextSequence) {
                    defer(new Damage(file(b), 0, "stray segment: it starts at sequence " + b + " but "
                            + seg.path().getFileName() + " holds records up to " + (nextSequence - 1)
                            + "; move it out of the directory"));
                } else {
                    later.add(b);
                }
            }
            tail(seg, pos, st, later);
            return appended != null ? refuse(appended) : this;
        }
        return this;
    }

    /**
     * Returns why {@code seg}, at its place in the chain, is not this journal's next segment: another
     * journal's identity, no {@code journal.id} to check it against, a digest of another history,
     * or the previous format after the current one. Null when it is.
     */
    private Damage foreign(Segment seg) {
        JournalId id = seg.identity();
        if (id == null) {
            return sawCurrentFormat ? new Damage(seg.path(), 0, "segment of format version "
                    + SegmentLayout.PREVIOUS_VERSION + " after one of version " + SegmentLayout.FORMAT_VERSION
                    + ": this journal wrote it in no version but " + SegmentLayout.FORMAT_VERSION
                    + " since, so it is another journal's") : null;
        }
        sawCurrentFormat = true;
        if (!checkIdentity) {
            return seg.digestBefore() != digest ? new Damage(seg.path(), 0, "segment of another history: its header's "
                    + "digest of records 1.." + (seg.baseSequence() - 1) + " does not match those records here") : null;
        }
        if (expected == null) {
            return new Damage(dir.resolve(IdFile.JOURNAL_ID), 0, IdFile.JOURNAL_ID + " is missing, but segment "
                    + seg.path().getFileName() + " holds records of journal " + id + "; a new identity would make "
                    + "them another journal's: to write " + IdFile.JOURNAL_ID + " back from the segment headers run "
                    + "'tailguard journal repair --dir " + dir + " --restore-id'");
        }
        if (!id.equals(expected)) {
            return new Damage(seg.path(), 0, "segment of another journal: its header names journal " + id
                    + " but this directory's " + IdFile.JOURNAL_ID + " is " + expected
                    + (seg.baseSequence() == 1 ? " (if every segment names " + id + ", the wrong file is "
                            + IdFile.JOURNAL_ID + ")" : ""));
        }
        if (seg.digestBefore() != digest) {
            return new Damage(seg.path(), 0, "segment of another history: its header's digest of records 1.."
                    + (seg.baseSequence() - 1) + " is " + Long.toHexString(seg.digestBefore()) + " but those records "
                    + "here fold to " + Long.toHexString(digest) + " (a segment of an older copy of this journal?)");
        }
        return null;
    }

    /** Remembers the first damage that hides no record, refused when the walk ends. */
    private void defer(Damage damage) {
        if (appended == null) {
            appended = damage;
        }
    }

    /** The journal ends in {@code seg} at {@code pos}: decides whether what follows may be cut. */
    private DirectoryScan tail(Segment seg, int pos, FrameStatus st, List<Long> later) {
        int end = seg.endOfNonZero(pos);
        if (!later.isEmpty() && !emptyNext(seg, pos, st, later)) {
            return this;
        }
        tailBase = seg.baseSequence();
        tailPosition = pos;
        cutEnd = end;
        if (st == FrameStatus.END) {
            unpublishedBytes = end - pos;
        } else {
            problem = new Damage(seg.path(), pos, st.reason() + " in the last record (a torn tail, cut on open)");
        }
        return this;
    }

    /**
     * A crash during a roll can leave the next segment renamed into place (header written, no
     * record) before the roll marker: that one empty segment is accepted and the roll completed.
     * Anything else after the end of the journal may hold records and is refused.
     */
    private boolean emptyNext(Segment seg, int pos, FrameStatus st, List<Long> later) {
        Damage[] why = new Damage[1];
        long base = later.get(0);
        Segment next = track(Segment.open(file(base), base, false, why));
        String stop = seg.path().getFileName() + " stops at byte " + pos + " (" + st.reason() + ")";
        if (next == null) {
            refuse(new Damage(why[0].file(), why[0].position(), why[0].reason() + "; " + stop));
            return false;
        }
        Damage foreign = base == nextSequence ? foreign(next) : null;
        if (foreign != null) {
            refuse(foreign);
            return false;
        }
        if (next.endOfNonZero(SegmentLayout.HEADER_LENGTH) > SegmentLayout.HEADER_LENGTH) {
            refuse(new Damage(seg.path(), pos, st.reason() + ", but the later segment " + next.path().getFileName()
                    + " holds data"));
            return false;
        }
        if (base != nextSequence || later.size() > 1) {
            Path extra = base != nextSequence ? next.path() : file(later.get(1));
            refuse(new Damage(extra, 0, "segment after the end of the journal: " + stop));
            return false;
        }
        emptyNextBase = base;
        return true;
    }

    /** Remembers {@code seg} (may be null) to unmap it when the scan ends. */
    private Segment track(Segment seg) {
        if (seg != null) {
            opened.add(seg);
        }
        return seg;
    }

    private DirectoryScan refuse(Damage damage) {
        problem = appended != null ? appended : damage; // the first damage in the journal's order
        refused = true;
        tailBase = -1;
        return this;
    }

    private Path file(long base) {
        return SegmentFiles.file(dir, base);
    }

    /** Returns the next sequence an appender writes. */
    long nextSequence() {
        return nextSequence;
    }

    ScanReport report() {
        long last = nextSequence - 1;
        boolean consistent = problem == null;
        return new ScanReport(segments, records, records == 0 ? 0 : 1, records == 0 ? 0 : last, consistent, refused,
                problem == null ? null : problem.reason(), problem == null ? null : problem.file(),
                problem == null ? -1 : problem.position(), refused ? 0 : cutEnd - tailPosition,
                refused ? 0 : unpublishedBytes);
    }
}
