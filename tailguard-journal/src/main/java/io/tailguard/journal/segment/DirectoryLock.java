package io.tailguard.journal.segment;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.Tailer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Thread-safe: the exclusive lock on a journal directory ({@code journal.lock}) that keeps a
 * second appender (or a repair), in this process or another, out for the holder's lifetime.
 *
 * <p>Two layers, because the file lock alone cannot do it: a file lock belongs to the whole
 * process, so a second open in the same JVM cannot take it ({@code tryLock} throws
 * {@link OverlappingFileLockException}), and on Linux closing <em>any</em> descriptor of the lock
 * file drops the process's lock. So a JVM-wide set of held directories (by real path) is checked
 * first, and a directory already in it is refused before its lock file is even opened.
 *
 * <p>The holder may also announce its written watermark ({@link #announceWriter}): a
 * {@link Tailer} in this JVM then tells damage from the end in O(1) (a frame of length 0 below the
 * watermark is damage) instead of reading ahead through the segment.
 */
public final class DirectoryLock implements AutoCloseable {

    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();
    private static final Map<Path, LongSupplier> WRITERS = new ConcurrentHashMap<>();

    private final Path key;
    private final FileChannel file;
    private final FileLock lock;
    private final ErrorHandler errors;
    private final AtomicBoolean released = new AtomicBoolean();

    private DirectoryLock(Path key, FileChannel file, FileLock lock, ErrorHandler errors) {
        this.key = key;
        this.file = file;
        this.lock = lock;
        this.errors = errors;
    }

    /**
     * Creates {@code directory} if needed and takes its lock.
     *
     * @throws IllegalStateException when the journal is already open for appending, here or in another process
     * @throws UncheckedIOException when the directory or the lock file cannot be opened (the cause is in the message)
     */
    public static DirectoryLock acquire(Path directory, ErrorHandler errors) {
        Path key;
        try {
            Files.createDirectories(directory);
            key = directory.toRealPath();
        } catch (IOException e) {
            throw cannotOpen(directory, e);
        }
        if (!HELD.add(key)) {
            throw new IllegalStateException("journal " + directory + " is already open for appending in this process");
        }
        try {
            FileChannel file = FileChannel.open(key.resolve("journal.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = file.tryLock();
            } catch (IOException | OverlappingFileLockException e) {
                file.close();
                throw e;
            }
            if (lock == null) {
                file.close(); // no lock of ours is on this file: this JVM holds none (HELD says so)
                throw new IllegalStateException("journal " + directory
                        + " is already open for appending by another process");
            }
            return new DirectoryLock(key, file, lock, errors);
        } catch (IOException e) {
            HELD.remove(key);
            throw cannotOpen(directory, e);
        } catch (RuntimeException e) {
            HELD.remove(key);
            throw e;
        }
    }

    /** Tells tailers in this JVM the highest sequence published so far, until {@link #close()}. */
    public void announceWriter(LongSupplier writtenSequence) {
        if (!released.get()) {
            WRITERS.put(key, writtenSequence);
        }
    }

    /** Returns the real path that keys a directory in this JVM's registry, or null when it cannot be resolved. */
    public static Path keyOf(Path directory) {
        try {
            return directory.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }

    /** Returns the written watermark of the journal open for appending in this JVM at {@code key}, or null. */
    public static LongSupplier liveWriter(Path key) {
        return WRITERS.get(key);
    }

    private static UncheckedIOException cannotOpen(Path directory, IOException e) {
        return new UncheckedIOException("cannot open journal " + directory + ": " + e, e);
    }

    /** Releases the lock (once; later calls do nothing); a failure goes to the error handler. */
    @Override
    public void close() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        try {
            lock.release();
            file.close();
        } catch (IOException e) {
            errors.onError("cannot release journal lock " + key.resolve("journal.lock") + ": " + e, e);
        } finally {
            WRITERS.remove(key);
            HELD.remove(key);
        }
    }
}
