package io.tailguard.journal;

import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Not thread-safe test helper: a real journal on disk and the damage an operator might meet (a
 * zeroed range, a flipped byte, bytes appended, a deleted file), applied to a copy of it.
 */
public final class DamagedJournal {

    /** Where a record's frame is. */
    public record Frame(Path file, int position) {
    }

    /** Records in the journal {@link #writeStandard} writes. */
    static final int RECORDS = 1500;
    /** Segment size of the journals these tests write: 1,500 records of 150 bytes fill four. */
    public static final int SEGMENT = 64 * 1024;

    private DamagedJournal() {
    }

    /** Returns a configuration for {@code dir} with {@link #SEGMENT}-byte segments. */
    public static JournalConfig config(Path dir) {
        return JournalConfig.builder(dir).segmentSizeBytes(SEGMENT).build();
    }

    /** Writes the journal the fault tests damage: {@link #RECORDS} records in four {@link #SEGMENT}-byte segments. */
    static Path writeStandard(Path dir) {
        write(dir, RECORDS, SEGMENT);
        if (SegmentScanner.bases(dir).size() != 4) {
            throw new IllegalStateException("expected four segments in " + dir);
        }
        return dir;
    }

    /** Payload of record {@code seq}: 150 bytes that depend only on it and are never zero. */
    static byte[] payload(long seq) {
        byte[] b = new byte[150];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (1 + (seq * 131 + k * 7) % 251);
        }
        return b;
    }

    /** Writes {@code records} records into a journal in {@code dir} with segments of {@code segmentSize} bytes. */
    public static void write(Path dir, int records, int segmentSize) {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(segmentSize).build())) {
            for (int i = 1; i <= records; i++) {
                j.appendNoWait(payload(i), 0, 150);
            }
        }
    }

    /** Copies every file of {@code src} (not sub-directories) into a new {@code dst}. */
    static Path copy(Path src, Path dst) {
        try {
            Files.createDirectories(dst);
            try (Stream<Path> files = Files.list(src)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.copy(f, dst.resolve(f.getFileName()));
                }
            }
            return dst;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the {@code k}-th segment file (0 = oldest). */
    public static Path segment(Path dir, int k) {
        return dir.resolve(SegmentLayout.fileName(SegmentScanner.bases(dir).get(k)));
    }

    /** Finds record {@code seq}'s frame by walking the intact journal. */
    public static Frame frame(Path dir, long seq) {
        Damage[] why = new Damage[1];
        long next = 1;
        for (long base : SegmentScanner.bases(dir)) {
            Segment s = Segment.open(dir.resolve(SegmentLayout.fileName(base)), base, false, why);
            int pos = SegmentLayout.HEADER_LENGTH;
            while (s.check(pos, next) == FrameStatus.OK) {
                if (next++ == seq) {
                    return new Frame(s.path(), pos);
                }
                pos = s.next(pos);
            }
        }
        throw new IllegalArgumentException("no record " + seq + " in " + dir);
    }

    /** Overwrites {@code length} bytes at {@code offset} with zeros. */
    static void zero(Path file, long offset, int length) {
        write(file, offset, new byte[length]);
    }

    /** Inverts the bits of one byte. */
    public static void flip(Path file, long offset) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0xFF);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Cuts {@code file} to its first {@code length} bytes, as a copy that stopped there leaves it. */
    static void cutAt(Path file, long length) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends {@code length} bytes of junk to the end of {@code file}. */
    public static void append(Path file, int length) {
        byte[] junk = new byte[length];
        Arrays.fill(junk, (byte) 0x5A);
        try {
            write(file, Files.size(file), junk);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, long offset, byte[] bytes) {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            raf.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns every file under {@code dir} (recursively) with its size and SHA-256, to prove nothing changed. */
    public static Map<String, String> hashes(Path dir) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = dir.relativize(f).toString();
                out.put(name, Files.isDirectory(f) ? "dir"
                        : Files.size(f) + " " + HexFormat.of().formatHex(sha.digest(Files.readAllBytes(f))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Reads records from 1 until the tailer says end or throws; returns them, checked against {@link #payload}. */
    static List<Long> readUntilStop(Path dir, List<Throwable> thrown) {
        List<Long> seen = new ArrayList<>();
        try (Tailer t = Tailer.open(dir, 1)) {
            while (t.poll((seq, p) -> {
                byte[] b = new byte[p.remaining()];
                p.get(b);
                if (!Arrays.equals(b, payload(seq))) {
                    throw new AssertionError("record " + seq + " returned with wrong bytes");
                }
                seen.add(seq);
            })) {
                // next record
            }
        } catch (RuntimeException e) {
            thrown.add(e);
        }
        return seen;
    }
}
