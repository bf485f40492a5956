package io.tailguard.journal;

import io.tailguard.config.Check;
import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.DirectoryLock;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless): the operator's explicit cut, for a journal that {@link Journal#open}
 * refuses. {@link #truncateAfter} keeps records 1..N and puts everything after them aside in
 * {@code <dir>/repair-<time>/} (a copy of the segment it cuts inside, every later segment file and
 * every segment file not in the journal's chain moved whole), so nothing is deleted; the journal
 * then opens and verifies. {@link #plan} says the same without doing it. It never takes a record
 * that verifies as this journal's and continues its sequence: N must be at least the last such
 * record. It takes the journal's lock, so it never cuts a journal that is open.
 *
 * <pre>{@code
 * RepairReport r = JournalRepair.truncateAfter(dir, 1429, Clock.systemUTC());
 * r.describe().forEach(System.out::println);
 * }</pre>
 */
public final class JournalRepair {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private JournalRepair() {
    }

    /**
     * Writes a missing {@value IdFile#JOURNAL_ID} back from the segment headers, which all name the
     * journal's identity (segments of the current format do); returns that identity.
     *
     * @throws IllegalArgumentException when {@code dir} holds no journal, its {@value IdFile#JOURNAL_ID}
     *     exists, or its segments name no identity or several
     * @throws IllegalStateException when the journal is open for appending
     */
    public static JournalId restoreIdentity(Path dir) {
        Journal.requireJournal(dir);
        try (DirectoryLock lock = DirectoryLock.acquire(dir, ErrorHandler.logging())) {
            Path idFile = dir.resolve(IdFile.JOURNAL_ID);
            if (Files.exists(idFile)) {
                throw new IllegalArgumentException("restore-id must be run on a journal without " + IdFile.JOURNAL_ID
                        + " but " + idFile + " exists");
            }
            JournalId found = null;
            Path foundIn = null;
            Damage[] why = new Damage[1];
            for (long base : SegmentScanner.bases(dir)) {
                Path file = SegmentFiles.file(dir, base);
                Segment seg = Segment.openForRepair(file, base, why);
                JournalId id = seg == null ? null : seg.identity();
                if (seg != null) {
                    seg.close();
                }
                if (id == null) {
                    continue;
                }
                if (found != null && !found.equals(id)) {
                    throw new IllegalArgumentException("restore-id needs segments that all name one journal, but "
                            + foundIn + " names " + found + " and " + file + " names " + id);
                }
                found = id;
                foundIn = file;
            }
            if (found == null) {
                throw new IllegalArgumentException("restore-id needs segments of format version "
                        + SegmentLayout.FORMAT_VERSION + ", which name the journal, but " + dir + " holds none; a journal "
                        + "of the previous format gets a new identity when it is opened");
            }
            IdFile.write(idFile, found);
            return found;
        }
    }

    /**
     * Keeps records {@code 1..keepThrough} and moves everything after them aside.
     *
     * @param clock names the backup directory ({@code repair-<UTC time>})
     * @throws IllegalArgumentException when {@code dir} holds no journal or a record at or before
     *     {@code keepThrough} is damaged or missing (the message says the highest value allowed)
     * @throws IllegalStateException when the journal is open for appending
     */
    public static RepairReport truncateAfter(Path dir, long keepThrough, Clock clock) {
        Check.nonNegative("keepThrough", keepThrough);
        Journal.requireJournal(dir);
        try (DirectoryLock lock = DirectoryLock.acquire(dir, ErrorHandler.logging())) {
            RepairPlan plan = planLocked(dir, keepThrough);
            Cut cut = plan.cut();
            Path backup = backupDirectory(dir, clock);
            long[] changed = cut.file == null ? new long[3] : cutInside(cut, backup);
            List<Path> trimmed = trimKept(dir, cut, backup);
            for (Path f : plan.moves()) {
                Files.move(f, backup.resolve(f.getFileName()), StandardCopyOption.ATOMIC_MOVE);
            }
            SegmentScanner.forceDirectory(dir);
            boolean cutSomething = changed[0] + changed[1] + changed[2] > 0;
            RepairReport report = new RepairReport(keepThrough, backup, cutSomething ? cut.file : null,
                    cutSomething ? cut.position : -1, changed[0], changed[1], changed[2], trimmed, plan.moves());
            Files.write(backup.resolve("REPAIR.txt"), report.describe(), StandardCharsets.UTF_8);
            SegmentScanner.forceDirectory(backup);
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot repair journal " + dir + ": " + e, e);
        }
    }

    /**
     * Returns what {@link #truncateAfter} would do, changing nothing: the segment it would cut
     * inside and the files it would move aside (later segments of the chain, segments not in it,
     * {@code *.tgj} files that are not segments).
     *
     * @throws IllegalArgumentException when {@code dir} holds no journal, a record at or before
     *     {@code keepThrough} is damaged or missing, or records after {@code keepThrough} verify as
     *     this journal's and continue its sequence (a cut would take good records; the message
     *     names the damage there is and the highest value to keep)
     * @throws IllegalStateException when the journal is open for appending
     */
    public static RepairPlan plan(Path dir, long keepThrough) {
        Check.nonNegative("keepThrough", keepThrough);
        Journal.requireJournal(dir);
        try (DirectoryLock lock = DirectoryLock.acquire(dir, ErrorHandler.logging())) {
            return planLocked(dir, keepThrough);
        }
    }

    private static RepairPlan planLocked(Path dir, long keepThrough) {
        JournalId expected = IdFile.read(dir.resolve(IdFile.JOURNAL_ID));
        io.tailguard.journal.segment.ScanReport scan = SegmentScanner.verify(dir, expected);
        if (scan.refused() && scan.problem().startsWith(IdFile.JOURNAL_ID + " is missing")) {
            throw new IllegalArgumentException("truncate-after cannot tell this journal's segments from others: "
                    + scan.problem());
        }
        long good = scan.lastSequence();
        if (keepThrough < good) {
            throw new IllegalArgumentException("truncate-after must be at least " + good + " but was " + keepThrough
                    + ": records " + (keepThrough + 1) + ".." + good + " verify as this journal's and continue its "
                    + "sequence, and a repair never takes good records"
                    + (scan.damage() == null ? "" : " (the damage is " + scan.damage().describe() + ")"));
        }
        Cut cut = locate(dir, keepThrough, expected);
        SegmentFiles files = SegmentFiles.of(dir);
        List<Path> moved = new ArrayList<>();
        for (long base : files.bases()) {
            if (base > cut.base || cut.strays.contains(base)) {
                moved.add(SegmentFiles.file(dir, base));
            }
        }
        moved.addAll(files.strangers());
        moved.sort(null);
        return new RepairPlan(keepThrough, cut, moved);
    }

    /**
     * Where record {@code keepThrough} ends: the segment ({@code base} 0 when every segment goes),
     * the byte after it and the size the segment's header declares; and the segment files the
     * chain up to it stepped over (strays starting inside records another segment holds).
     */
    record Cut(Path file, long base, int position, long declaredSize, long fileSize, List<Long> strays) {
    }

    private static Cut locate(Path dir, long keepThrough, JournalId expected) {
        if (keepThrough == 0) {
            return new Cut(null, 0, 0, 0, 0, List.of());
        }
        Damage[] why = new Damage[1];
        long next = 1;
        long digest = HistoryDigest.EMPTY;
        List<Long> strays = new ArrayList<>();
        for (long base : SegmentScanner.bases(dir)) {
            Path file = SegmentFiles.file(dir, base);
            if (base < next) {
                strays.add(base);
                continue;
            }
            Segment seg = base == next ? Segment.openForRepair(file, base, why) : null;
            if (seg == null) {
                throw notReachable(keepThrough, next, base == next ? why[0].describe() : "segment file "
                        + SegmentFiles.file(dir, next) + " is missing");
            }
            try (seg) {
                if (seg.identity() != null && (!seg.identity().equals(expected) || seg.digestBefore() != digest)) {
                    throw notReachable(keepThrough, next, file + ", a segment of another journal or history");
                }
                int pos = SegmentLayout.HEADER_LENGTH;
                FrameStatus st;
                while ((st = seg.check(pos, next)) == FrameStatus.OK) {
                    digest = HistoryDigest.fold(digest, seg.recordCrcAt(pos));
                    pos = seg.next(pos);
                    if (next++ == keepThrough) {
                        return new Cut(file, base, pos, seg.declaredSizeBytes(), fileSize(file), strays);
                    }
                }
                if (st == FrameStatus.END && seg.findWrittenFrame(pos + SegmentLayout.ALIGNMENT, next) < 0) {
                    throw notReachable(keepThrough, next, "the end of the journal at " + file + " byte " + pos);
                }
                if (st != FrameStatus.ROLL) {
                    throw notReachable(keepThrough, next, file + " at byte " + pos + ": " + st.reason());
                }
            }
        }
        throw notReachable(keepThrough, next, "the end of the journal");
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file + ": " + e, e);
        }
    }

    private static IllegalArgumentException notReachable(long keepThrough, long next, String where) {
        return new IllegalArgumentException("truncate-after must be at most " + (next - 1)
                + " (the last intact record before " + where + ") but was " + keepThrough);
    }

    /**
     * Copies the segment to the backup, then zeroes it after the cut and trims or extends it to its
     * declared size (a file cut short ends where its next record would start; opening refuses it
     * until an operator says the records up to the cut are all there are). Returns the bytes zeroed,
     * trimmed and extended.
     */
    private static long[] cutInside(Cut cut, Path backup) throws IOException {
        long declared = cut.declaredSize;
        long zeroed = 0;
        long trimmed;
        long extended;
        copyAside(cut.file, backup);
        try (FileChannel ch = FileChannel.open(cut.file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
            ByteBuffer zeros = ByteBuffer.allocate(1 << 16);
            for (long p = cut.position; p < Math.min(size, declared); p += chunk.capacity()) {
                int n = (int) Math.min(chunk.capacity(), Math.min(size, declared) - p);
                chunk.clear().limit(n);
                while (chunk.hasRemaining() && ch.read(chunk, p + chunk.position()) > 0) {
                    // fill the chunk
                }
                long nonZero = 0;
                for (int i = 0; i < n; i++) {
                    nonZero += chunk.get(i) != 0 ? 1 : 0;
                }
                if (nonZero > 0) {
                    zeros.clear().limit(n);
                    while (zeros.hasRemaining()) {
                        ch.write(zeros, p + zeros.position());
                    }
                    zeroed += nonZero;
                }
            }
            trimmed = Math.max(0, size - declared);
            if (trimmed > 0) {
                ch.truncate(declared);
            }
            extended = Math.max(0, declared - size);
            if (extended > 0) {
                ch.write(ByteBuffer.allocate(1), declared - 1);
            }
            ch.force(true);
        }
        if (zeroed + trimmed + extended == 0) {
            Files.delete(backup.resolve(cut.file.getFileName())); // nothing was cut: the copy holds nothing new
        }
        return new long[] {zeroed, trimmed, extended};
    }

    /**
     * Trims the bytes appended past the declared size of every kept segment before the one cut
     * inside (opening refuses such a file wherever it is), after copying the original aside.
     */
    private static List<Path> trimKept(Path dir, Cut cut, Path backup) throws IOException {
        List<Path> trimmed = new ArrayList<>();
        for (long base : SegmentScanner.bases(dir)) {
            Path file = SegmentFiles.file(dir, base);
            long declared = base < cut.base ? Segment.declaredSize(file) : 0;
            if (base >= cut.base || cut.strays().contains(base) || Files.size(file) <= declared) {
                continue;
            }
            copyAside(file, backup);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(declared);
                ch.force(true);
            }
            trimmed.add(file);
        }
        return trimmed;
    }

    /** Copies {@code file} into {@code backup} and forces the copy, so the original outlives a crash during the cut. */
    private static void copyAside(Path file, Path backup) throws IOException {
        Path copy = backup.resolve(file.getFileName());
        Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
        try (FileChannel ch = FileChannel.open(copy, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        SegmentScanner.forceDirectory(backup);
    }

    private static Path backupDirectory(Path dir, Clock clock) throws IOException {
        String name = "repair-" + STAMP.format(clock.instant());
        Path backup = dir.resolve(name);
        for (int i = 2; Files.exists(backup); i++) {
            backup = dir.resolve(name + "-" + i);
        }
        return Files.createDirectory(backup);
    }
}
