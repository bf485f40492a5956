package io.tailguard.journal.segment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;

/**
 * Thread-safe (immutable): the {@code *.tgj} files of a directory, listed once for the scanner,
 * the tailer and the repair: the segments' base sequences, ascending, and the files whose name
 * ends with the suffix but is not a segment's ({@value SegmentLayout#SUFFIX} after 20 digits).
 *
 * @param bases base sequences of the segment files, ascending
 * @param strangers other {@code *.tgj} files, sorted by name
 */
public record SegmentFiles(List<Long> bases, List<Path> strangers) {

    /** How deep {@link #notAJournal} looks for journals below a directory that holds none. */
    private static final int SEARCH_DEPTH = 3;
    /** How many journals found below a directory it names. */
    private static final int MAX_NAMED = 10;

    /** Lists {@code dir}. */
    public static SegmentFiles of(Path dir) {
        List<Long> bases = new ArrayList<>();
        List<Path> strangers = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SegmentLayout.SUFFIX)) {
            for (Path f : files) {
                long base = SegmentLayout.baseSequenceOf(f.getFileName().toString());
                if (base >= 0) {
                    bases.add(base);
                } else {
                    strangers.add(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e, e);
        }
        Collections.sort(bases);
        Collections.sort(strangers);
        return new SegmentFiles(List.copyOf(bases), List.copyOf(strangers));
    }

    /** Returns the file of the segment whose first record is {@code base}. */
    public static Path file(Path dir, long base) {
        return dir.resolve(SegmentLayout.fileName(base));
    }

    /**
     * Returns why {@code dir} is not a journal directory (no segment file in it), saying what it
     * holds instead: journals in its subdirectories, or {@code *.tgj} files that are not segments;
     * null when it holds a segment file.
     */
    public static String notAJournal(Path dir) {
        if (!Files.isDirectory(dir)) {
            return "it is not a directory";
        }
        SegmentFiles files = of(dir);
        if (!files.bases.isEmpty()) {
            return null;
        }
        List<Path> below = journalsBelow(dir);
        if (!below.isEmpty()) {
            return "it holds no segment file, but these directories below it hold journals: "
                    + String.join(", ", below.stream().limit(MAX_NAMED).map(Path::toString).toList())
                    + (below.size() > MAX_NAMED ? " and " + (below.size() - MAX_NAMED) + " more" : "")
                    + "; give one of them";
        }
        if (!files.strangers.isEmpty()) {
            return "its " + files.strangers.size() + " *" + SegmentLayout.SUFFIX + " file(s) ("
                    + files.strangers.get(0).getFileName() + (files.strangers.size() > 1 ? ", ..." : "")
                    + ") are not journal segments: a segment is named by its first record's sequence in 20 "
                    + "digits, e.g. " + SegmentLayout.fileName(1);
        }
        return "it holds no journal segment file (" + SegmentLayout.fileName(1) + ", ...)";
    }

    private static List<Path> journalsBelow(Path dir) {
        try (Stream<Path> dirs = Files.walk(dir, SEARCH_DEPTH)) {
            return dirs.filter(d -> !d.equals(dir) && Files.isDirectory(d) && !of(d).bases.isEmpty())
                    .sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            return List.of(); // an unreadable subtree: say what the directory itself lacks
        }
    }
}
