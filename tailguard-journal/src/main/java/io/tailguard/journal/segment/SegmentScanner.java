package io.tailguard.journal.segment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Thread-safe (stateless): scans a journal directory frame by frame, read-only for
 * {@code journal verify}, or repairing for an appender that opens the journal.
 *
 * <p>Repair only ever touches the tail: a torn or corrupt last frame and any bytes after the last
 * good frame are zeroed, a last segment with a torn header or no records after the cut is
 * removed. A bad frame followed by good records in a later segment is not a torn tail; the scan
 * then refuses to open the journal rather than drop committed records.
 */
public final class SegmentScanner {

    private SegmentScanner() {
    }

    /** Lists segment base sequences in {@code dir}, ascending. */
    public static List<Long> bases(Path dir) {
        List<Long> bases = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SegmentLayout.SUFFIX)) {
            for (Path f : files) {
                long base = SegmentLayout.baseSequenceOf(f.getFileName().toString());
                if (base >= 0) {
                    bases.add(base);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        Collections.sort(bases);
        return bases;
    }

    /** Checks every frame without changing anything. */
    public static ScanReport verify(Path dir) {
        return new Scan(dir, false, 0).run().report;
    }

    /**
     * Scans, cuts a torn tail, and maps the last segment writable for appending; creates the first
     * segment (base sequence 1) in an empty directory.
     *
     * @throws JournalCorruptedException when a bad frame is not at the tail
     */
    public static Recovered recover(Path dir, int segmentSizeBytes) {
        Scan scan = new Scan(dir, true, segmentSizeBytes).run();
        return new Recovered(scan.tail, scan.tailPosition, scan.nextSequence, scan.report);
    }

    /** Forces the directory entry list (after creating or deleting a segment file). */
    public static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse to open a directory; the file's own force still holds its data.
        }
    }

    private static final class Scan {
        private final Path dir;
        private final boolean repair;
        private final int segmentSizeBytes;
        private final List<Path> removed = new ArrayList<>();
        private int segments;
        private long records;
        private long firstSequence;
        private long nextSequence = -1;
        private String problem;
        private Path problemFile;
        private long problemPosition = -1;
        private long cutBytes;
        private long unpublishedBytes;
        private Segment tail;
        private int tailPosition;
        private ScanReport report;

        Scan(Path dir, boolean repair, int segmentSizeBytes) {
            this.dir = dir;
            this.repair = repair;
            this.segmentSizeBytes = segmentSizeBytes;
        }

        Scan run() {
            List<Long> bases = bases(dir);
            String[] why = new String[1];
            for (int i = 0; i < bases.size() && problem == null; i++) {
                long base = bases.get(i);
                Path file = dir.resolve(SegmentLayout.fileName(base));
                boolean last = i == bases.size() - 1;
                if (nextSequence < 0) {
                    nextSequence = base;
                    firstSequence = base;
                }
                if (base != nextSequence) {
                    problemAt(file, 0, "segment starts at sequence " + base + " but " + nextSequence + " was expected");
                    removeOrFail(bases, i);
                    break;
                }
                Segment seg = Segment.open(file, base, repair, why);
                if (seg == null) {
                    problemAt(file, 0, why[0]);
                    removeOrFail(bases, i);
                    break;
                }
                segments++;
                int pos = SegmentLayout.HEADER_LENGTH;
                FrameStatus st;
                while ((st = seg.check(pos, nextSequence)) == FrameStatus.OK) {
                    records++;
                    nextSequence++;
                    pos = seg.next(pos);
                }
                if (st == FrameStatus.ROLL) {
                    if (last && repair) {
                        tail = Segment.create(dir, nextSequence, segmentSizeBytes);
                        tailPosition = SegmentLayout.HEADER_LENGTH;
                        forceDirectory(dir);
                    }
                    continue;
                }
                int end = seg.endOfNonZero(pos);
                if (st == FrameStatus.END) {
                    unpublishedBytes = end - pos;
                } else {
                    problemAt(file, pos, st.reason());
                }
                if (!removeOrFail(bases, i + 1)) {
                    break;
                }
                if (repair && end > pos) {
                    seg.zero(pos, end);
                    cutBytes = end - pos;
                }
                tail = seg;
                tailPosition = pos;
                break;
            }
            if (repair && tail == null) {
                if (nextSequence < 0) {
                    nextSequence = 1;
                    firstSequence = 1;
                }
                tail = Segment.create(dir, nextSequence, segmentSizeBytes);
                tailPosition = SegmentLayout.HEADER_LENGTH;
                forceDirectory(dir);
            }
            if (nextSequence < 0) {
                nextSequence = 1;
            }
            long lastSequence = records == 0 ? 0 : nextSequence - 1;
            report = new ScanReport(segments, records, records == 0 ? 0 : firstSequence, lastSequence,
                    problem == null, problem, problemFile, problemPosition, cutBytes, unpublishedBytes, removed);
            return this;
        }

        private void problemAt(Path file, long position, String reason) {
            problem = reason;
            problemFile = file;
            problemPosition = position;
        }

        /**
         * Segments {@code bases[from..]} come after the point where the valid journal ends. They may
         * only hold no records (a roll cut short by a crash); repair removes them. Returns false for
         * a read-only scan that found records there (already recorded as the problem).
         */
        private boolean removeOrFail(List<Long> bases, int from) {
            String[] why = new String[1];
            for (int j = from; j < bases.size(); j++) {
                Path later = dir.resolve(SegmentLayout.fileName(bases.get(j)));
                Segment seg = Segment.open(later, bases.get(j), false, why);
                boolean holdsRecords = seg != null && seg.check(SegmentLayout.HEADER_LENGTH, -1) != FrameStatus.END;
                if (holdsRecords) {
                    if (problem == null) {
                        problemAt(later, SegmentLayout.HEADER_LENGTH, "records after the end of the journal");
                    }
                    if (repair) {
                        throw new JournalCorruptedException("journal " + dir + " is corrupt before its tail: "
                                + new ScanReport(segments, records, firstSequence, nextSequence - 1, false, problem,
                                        problemFile, problemPosition, 0, 0, removed).summary());
                    }
                    return false;
                }
                if (repair) {
                    try {
                        Files.delete(later);
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot remove " + later, e);
                    }
                    removed.add(later);
                }
            }
            if (repair && !removed.isEmpty()) {
                forceDirectory(dir);
            }
            return true;
        }
    }
}
