package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.load.JournalRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Thread-safe: where {@code journal bench} keeps its runs' journals, and their removal. Without
 * {@code --dir} the runs live in a new temporary directory, removed at the end; with it, in
 * subdirectories of that directory, each removed after its run. Ctrl-C (the JVM's shutdown)
 * removes whatever is left as well, so an interrupted bench leaves no journal behind.
 */
final class BenchData implements AutoCloseable {

    private final Path base;
    private final boolean temporary;
    private volatile Path current;
    private volatile boolean closed;

    private BenchData(Path base, boolean temporary) {
        this.base = base;
        this.temporary = temporary;
    }

    /** Uses {@code dir} (created if missing), or a new temporary directory when it is null. */
    static BenchData at(Path dir) {
        if (dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UsageException("--dir value '" + dir + "' is not allowed: cannot create directory ("
                        + e.getMessage() + ")");
            }
            if (!Files.isWritable(dir)) {
                throw new UsageException("--dir value '" + dir + "' is not allowed: directory is not writable");
            }
            return new BenchData(dir, false);
        }
        try {
            return new BenchData(Files.createTempDirectory("tailguard-journal-bench-"), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for the runs' journals (give --dir)", e);
        }
    }

    /** Returns the directory the runs live under. */
    Path base() {
        return base;
    }

    /** Returns the directory of the run named {@code name}, remembered for removal on interrupt. */
    Path run(String name) {
        Path dir = base.resolve(name);
        current = dir;
        return dir;
    }

    /** Removes what the runs left: the temporary directory, or the last run's directory under {@code --dir}. */
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
