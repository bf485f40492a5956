package io.tailguard.journal.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Thread-safe: where a journal benchmark keeps its runs' journals, and their removal. Without a
 * directory the runs live in a new temporary directory, removed at the end; with one, in
 * subdirectories of it, each removed after its run. Closing it from a shutdown hook as well
 * leaves no journal behind when the benchmark is interrupted.
 */
public final class BenchData implements AutoCloseable {

    private final Path base;
    private final boolean temporary;
    private volatile Path current;
    private volatile boolean closed;

    private BenchData(Path base, boolean temporary) {
        this.base = base;
        this.temporary = temporary;
    }

    /** Uses {@code dir}, which must exist and be writable, or a new temporary directory when it is null. */
    public static BenchData at(Path dir) {
        if (dir != null) {
            return new BenchData(dir, false);
        }
        try {
            return new BenchData(Files.createTempDirectory("tailguard-journal-bench-"), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for the runs' journals (give --dir)", e);
        }
    }

    /** Returns the directory the runs live under. */
    public Path base() {
        return base;
    }

    /** Returns the directory of the run named {@code name}, remembered for removal on interrupt. */
    public Path run(String name) {
        Path dir = base.resolve(name);
        current = dir;
        return dir;
    }

    /** Removes what the runs left: the temporary directory, or the last run's directory under a given one. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        Path last = current;
        // a replica child process may still be writing into it while the JVM shuts down: try again
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                if (temporary) {
                    JournalRun.deleteTree(base);
                } else if (last != null) {
                    JournalRun.deleteTree(last);
                }
                return;
            } catch (UncheckedIOException e) {
                Thread.onSpinWait();
            }
        }
    }
}
