package io.tailguard.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Thread-safe: the exclusive lock on a journal directory ({@code journal.lock}) that keeps a
 * second appender, in this process or another, out.
 */
final class DirectoryLock implements AutoCloseable {

    private final FileChannel file;
    private final FileLock lock;
    private final ErrorHandler errors;

    private DirectoryLock(FileChannel file, FileLock lock, ErrorHandler errors) {
        this.file = file;
        this.lock = lock;
        this.errors = errors;
    }

    /**
     * Creates {@code directory} if needed and takes its lock.
     *
     * @throws IllegalStateException when the journal is already open for appending
     * @throws UncheckedIOException when the directory or the lock file cannot be opened
     */
    static DirectoryLock acquire(Path directory, ErrorHandler errors) {
        FileChannel file;
        FileLock lock;
        try {
            Files.createDirectories(directory);
            file = FileChannel.open(directory.resolve("journal.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + directory, e);
        }
        try {
            lock = file.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            new DirectoryLock(file, null, errors).close();
            throw new UncheckedIOException("cannot open journal " + directory, e);
        }
        DirectoryLock held = new DirectoryLock(file, lock, errors);
        if (lock == null) {
            held.close();
            throw new IllegalStateException("journal " + directory + " is already open for appending");
        }
        return held;
    }

    /** Releases the lock; a failure goes to the error handler. */
    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
            }
            file.close();
        } catch (IOException e) {
            errors.onError("cannot release journal lock", e);
        }
    }
}
