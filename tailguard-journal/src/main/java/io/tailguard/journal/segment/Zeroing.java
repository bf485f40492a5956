package io.tailguard.journal.segment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Not thread-safe: a blank being prepared one chunk ({@value #ZERO_CHUNK_BYTES} bytes) per
 * {@link #step()}, so the cost of a segment can be spread over time. A blank is prepared in
 * one of three ways: forced, not forced, late.
 *
 * <p>Forced (a journal that forces): every chunk is written with zeros and forced before the
 * next is written: the blocks then exist on disk, so the journal's later forces write data
 * only (no block allocation, no file system journal commit), and a concurrent force of the
 * journal waits behind at most one chunk of zeros in the device's queue, not the whole file
 * (forcing all 64 MiB at once multiplied the {@code sync} p99; measurements in the Journal
 * section of {@code tailguard-bench/RESULTS.md}).
 *
 * <p>Not forced (a journal that never forces): the file is sparse at its full size from the
 * start and mapped at once, and a step first writes the next chunk's zeros with one
 * {@code pwrite(2)}, which allocates its blocks or fails with an {@link IOException} when the
 * file system is full, then stores one zero byte into each page of the chunk through the
 * mapping, which maps the page (now in the page cache, its block reserved) writable in this
 * process, so the writer's later stores neither fault nor allocate. A store into a page whose
 * block the file system cannot allocate raises SIGBUS, which the JVM turns into a crash
 * (inside the CRC32C intrinsic) or an {@link InternalError}: no page is touched before its
 * block exists (decision 045). One write per chunk rather than one byte per block: the same
 * blocks, 256 times fewer system calls, and less CPU where it was measured (decision 045).
 * Nothing is forced, and nothing but zeros reaches the disk before the data.
 *
 * <p>Late (the writer's own segment when no blank is ready, or the rest of a blank the writer
 * carries off unfinished, {@link #finishLate()}): like not forced, but the pages are not
 * touched (the writer's stores map them), nothing is forced, and a file not yet mapped is
 * mapped once all its blocks exist. The preparer keeps two blanks ahead so that this is rare.
 *
 * <p>Either way the file carries {@link Segment#TMP_SUFFIX} until it is activated, so a crash
 * part-way leaves a file recovery deletes: it never held a record.
 */
public final class Zeroing {

    /**
     * Bytes of zeros a blank is written (and, when forced, forced) in at a time: one positional write
     * each. 64 KiB rather than 1 MiB: on two cores a 1 MiB step held a core long enough to slow the
     * appends between rolls of a spinning writer (decision 045).
     */
    public static final int ZERO_CHUNK_BYTES = 1 << 16;

    /** The zeros every blank is written from; never changed, so every thread writes from its own duplicate. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(ZERO_CHUNK_BYTES).asReadOnlyBuffer();

    /**
     * One store per this many bytes touches every page: the smallest page size of the
     * platforms the journal runs on (larger pages only make some stores redundant).
     */
    static final int PAGE_BYTES = 4096;

    private final Path file;
    private final int sizeBytes;
    /** Not final: {@link #finishLate()} finishes a forced or touched blank as a late one. */
    private boolean forced;
    private boolean touched;
    private final FileChannel channel;
    /** This blank's view of {@link #ZEROS}: a write moves its position, never its bytes. */
    private final ByteBuffer zeros = ZEROS.duplicate();
    /** Not forced: the whole file, mapped at once; null otherwise (mapped at {@link #finish()}). */
    private final MappedByteBuffer map;
    private long zeroed;
    private boolean abandoned;

    /** A blank for the preparer: forced, or not forced (touched). */
    public Zeroing(Path file, int sizeBytes, boolean forced) {
        this(file, sizeBytes, forced, !forced);
    }

    private Zeroing(Path file, int sizeBytes, boolean forced, boolean touched) {
        this.file = file;
        this.sizeBytes = sizeBytes;
        this.forced = forced;
        this.touched = touched;
        try {
            this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare segment " + file + ": " + e, e);
        }
        try {
            this.map = touched ? mapSparse(channel, sizeBytes) : null;
        } catch (IOException e) {
            abandon();
            throw noSpace(file, sizeBytes, e);
        }
    }

    /** A late blank for the writer's own roll: blocks allocated, pages left to the writer's stores. */
    static Zeroing late(Path file, int sizeBytes) {
        return new Zeroing(file, sizeBytes, false, false);
    }

    /** Returns the bytes zero-filled so far. */
    public long zeroed() {
        return zeroed;
    }

    /** Returns true once the whole file is zero-filled. */
    public boolean done() {
        return zeroed >= sizeBytes;
    }

    /**
     * Prepares the next chunk: writes its zeros, which allocates its blocks, then forces them
     * (forced) or, unless late, touches its pages (not forced).
     *
     * @throws UncheckedIOException when the file system cannot allocate the chunk (the
     *     message names the directory and the bytes the file needs); the file is deleted
     */
    public void step() {
        long end = Math.min(zeroed + ZERO_CHUNK_BYTES, sizeBytes);
        try {
            for (long p = zeroed; p < end; ) {
                zeros.clear().limit((int) (end - p));
                p += channel.write(zeros, p);
            }
            if (forced) {
                channel.force(false);
            }
        } catch (IOException e) {
            abandon();
            throw noSpace(file, sizeBytes, e);
        }
        if (touched) {
            for (int p = (int) zeroed; p < end; p += PAGE_BYTES) {
                map.put(p, (byte) 0);
            }
        }
        zeroed = end;
    }

    /**
     * Finishes the rest of this blank at once as a late blank (its remaining blocks allocated,
     * nothing more forced or touched) and returns it: for a writer that rolls before the
     * preparer finished it. On failure the file is deleted.
     *
     * @throws UncheckedIOException when the file system cannot allocate the rest
     */
    Blank finishLate() {
        forced = false;
        touched = false;
        try {
            while (!done()) {
                step();
            }
            return finish();
        } catch (RuntimeException e) {
            abandon();
            throw e;
        }
    }

    /** Returns true when the pages of bytes {@code [from, to)} are in memory (a test's view of a step). */
    public boolean resident(int from, int to) {
        return map != null && map.slice(from, to - from).isLoaded();
    }

    /** After {@link #done()}: forces the file's size (when forced), maps it unless mapped and closes the channel. */
    public Blank finish() {
        try (FileChannel ch = channel) {
            MappedByteBuffer m = map;
            if (forced) {
                ch.force(true);
            }
            if (m == null) {
                m = ch.map(FileChannel.MapMode.READ_WRITE, 0, sizeBytes);
                m.order(ByteOrder.LITTLE_ENDIAN);
            }
            return new Blank(file, m, sizeBytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare segment " + file + ": " + e, e);
        }
    }

    /** Unmaps, closes and deletes the unfinished file (best effort: recovery deletes what is left); idempotent. */
    void abandon() {
        if (abandoned) {
            return;
        }
        abandoned = true;
        if (map != null) {
            Unmapper.unmap(map);
        }
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a leftover *.tgj.tmp file is deleted by the next recovery
        }
    }

    /**
     * Writes a zero-filled file {@code dir/tmpName} of {@code sizeBytes} at once and maps it (the
     * append path's own segment when a journal is created). {@link SegmentPreparer} writes its
     * blanks the same way, but a chunk at a time paced by the writer, through a {@code Zeroing} it steps.
     *
     * @throws UncheckedIOException when the file system cannot hold the file (the message names
     *     the directory and the bytes needed); nothing is left behind
     */
    static Blank prepare(Path dir, String tmpName, int sizeBytes, boolean forced) {
        return fill(new Zeroing(dir.resolve(tmpName), sizeBytes, forced));
    }

    /** Extends the file of {@code ch} to {@code sizeBytes} without writing its blocks (sparse) and maps all of it. */
    private static MappedByteBuffer mapSparse(FileChannel ch, int sizeBytes) throws IOException {
        ch.write(ByteBuffer.allocate(1), sizeBytes - 1L);
        MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, sizeBytes);
        map.order(ByteOrder.LITTLE_ENDIAN);
        return map;
    }

    /**
     * Allocates a file {@code dir/tmpName} of {@code sizeBytes} at once and maps it, for a writer
     * that must roll now because no prepared blank is ready: zeros written a chunk per call, no
     * force and no touch (see {@link Zeroing}), so the roll waits for the blocks but not for a
     * segment of zeros forced (125-338 ms per roll at 200K msg/s with a replica on the same
     * disk). Rolling onto a sparse file instead, as before, crashed the JVM on a full file system
     * at the writer's first store into a page without a block (decision 045).
     *
     * @throws UncheckedIOException when the file system cannot hold the file (the message names
     *     the directory and the bytes needed); nothing is left behind
     */
    public static Blank allocateLate(Path dir, String tmpName, int sizeBytes) {
        return fill(late(dir.resolve(tmpName), sizeBytes));
    }

    /** Steps {@code z} to the end and returns its blank, or abandons it (nothing left behind) and rethrows. */
    private static Blank fill(Zeroing z) {
        try {
            while (!z.done()) {
                z.step();
            }
            return z.finish();
        } catch (RuntimeException e) {
            z.abandon();
            throw e;
        }
    }

    /**
     * Returns the error of a file that the file system could not allocate: it names the
     * directory, the file and the bytes it needs, with the usable space where the file system
     * says (a full disk reads "No space left on device" at the end).
     */
    static UncheckedIOException noSpace(Path file, long neededBytes, IOException cause) {
        Path dir = file.toAbsolutePath().getParent();
        String usable;
        try {
            usable = Files.getFileStore(dir).getUsableSpace() + " bytes usable";
        } catch (IOException | RuntimeException e) {
            usable = "usable space unknown";
        }
        String message = "cannot allocate segment file " + file.getFileName() + ": " + neededBytes + " bytes needed in "
                + dir + ", " + usable + ": " + (cause.getMessage() != null ? cause.getMessage() : cause.toString());
        return new UncheckedIOException(message, new IOException(message, cause));
    }
}
