package io.tailguard.journal.segment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Not thread-safe: a preallocated segment file without a header, ready to become the next
 * segment. Its pages are zeroed ahead of the writer, so a writer's first store to a page finds
 * it in the page cache with its space reserved and does not stall on allocation (with a sparse
 * file the slowest appends took milliseconds). See {@link Zeroing} for how, forced or not.
 */
public final class Blank {
    private final Path file;
    private final MappedByteBuffer map;
    private final int sizeBytes;

    Blank(Path file, MappedByteBuffer map, int sizeBytes) {
        this.file = file;
        this.map = map;
        this.sizeBytes = sizeBytes;
    }

    /** Unmaps and deletes the file, leaving it to the next recovery when it cannot (a roll that failed). */
    public void deleteQuietly() {
        try {
            delete();
        } catch (UncheckedIOException e) {
            // a leftover *.tgj.tmp file never held a record: the next recovery deletes it
        }
    }

    /** Unmaps and deletes the file (a blank that will not be used, and that no thread can take any more). */
    public void delete() {
        Unmapper.unmap(map);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    /** Returns the file, named {@code *}{@value Segment#TMP_SUFFIX} until it is activated. */
    public Path file() {
        return file;
    }

    /** Returns the mapping of the whole file. */
    MappedByteBuffer map() {
        return map;
    }

    /** Returns the file's size. */
    public int sizeBytes() {
        return sizeBytes;
    }
}
