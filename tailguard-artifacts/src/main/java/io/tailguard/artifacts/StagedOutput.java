package io.tailguard.artifacts;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Not thread-safe "all or nothing" output directory. Artifacts are written into a hidden staging
 * directory beside the target (same file system), then moved into place by {@link #commit}; on
 * {@link #abort} the staging directory and any parent directories this object created are deleted,
 * so a failed run leaves nothing behind.
 */
public final class StagedOutput implements AutoCloseable {

    private final Path target;
    private final String asGiven;
    private final List<Path> createdParents = new ArrayList<>();
    private final Path staging;
    /** Deletes the staging directory if the JVM exits (Ctrl-C) before commit or abort. */
    private final Thread cleanup = new Thread(this::abortQuietly, "tailguard-staging-cleanup");
    private volatile boolean committed;

    private StagedOutput(Path target, String asGiven) {
        this.target = target;
        this.asGiven = asGiven;
        try {
            if (Files.exists(target) && !Files.isDirectory(target)) {
                throw unwritable("it is a file");
            }
            if (Files.isDirectory(target) && !Files.isWritable(target)) {
                throw unwritable("permission denied");
            }
            Path parent = target.getParent();
            createParents(parent);
            this.staging = createStaging(parent, "." + target.getFileName() + ".tailguard-");
            Runtime.getRuntime().addShutdownHook(cleanup);
        } catch (IOException e) {
            deleteCreatedParents();
            throw unwritable(reason(e));
        }
    }

    /**
     * Prepares to write into {@code outputDir}.
     *
     * @throws OutputDirException "--output-dir must be a writable directory but was '...' (...)"
     */
    public static StagedOutput open(String outputDir) {
        Path target;
        try {
            target = Path.of(outputDir).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            throw new OutputDirException("--output-dir must be a writable directory but was '" + outputDir + "'");
        }
        if (target.getParent() == null) {
            throw new OutputDirException("--output-dir must be a writable directory other than the root but was '"
                    + outputDir + "'");
        }
        return new StagedOutput(target, outputDir);
    }

    /** Returns the directory to write artifacts into. */
    public Path dir() {
        return staging;
    }

    /** Returns the final directory. */
    public Path target() {
        return target;
    }

    /** Moves every staged file into the target directory, replacing files of the same name. */
    public void commit() throws IOException {
        if (!Files.exists(target)) {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } else {
            try (Stream<Path> files = Files.walk(staging)) {
                for (Path source : (Iterable<Path>) files.sorted()::iterator) {
                    Path dest = target.resolve(staging.relativize(source).toString());
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(dest);
                    } else {
                        Files.move(source, dest, StandardCopyOption.REPLACE_EXISTING,
                                StandardCopyOption.ATOMIC_MOVE);
                    }
                }
            }
            deleteTree(staging);
        }
        committed = true;
    }

    /** Deletes everything written so far and the parents this object created. */
    public void abort() {
        try {
            deleteTree(staging);
        } catch (IOException e) {
            // best effort: the staging directory is hidden and named after the target
        }
        deleteCreatedParents();
    }

    /** Aborts unless {@link #commit} succeeded. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it cleans up
        }
        if (!committed) {
            abort();
        }
    }

    private void abortQuietly() {
        if (!committed) {
            abort();
        }
    }

    /**
     * Creates a fresh staging directory in {@code parent}. Not {@code Files.createTempDirectory}:
     * that makes it 0700 whatever the umask, and the staging directory becomes the output directory.
     */
    private static Path createStaging(Path parent, String prefix) throws IOException {
        String stem = prefix + ProcessHandle.current().pid() + "-";
        for (int attempt = 0; ; attempt++) {
            try {
                return Files.createDirectory(parent.resolve(stem + attempt));
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                // an earlier run of this process, or a concurrent one: try the next name
            }
        }
    }

    private void createParents(Path dir) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path p = dir; p != null && !Files.exists(p); p = p.getParent()) {
            missing.add(0, p);
        }
        for (Path p : missing) {
            Files.createDirectory(p);
            createdParents.add(0, p);
        }
    }

    private void deleteCreatedParents() {
        for (Path p : createdParents) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // not empty or gone: leave it
            }
        }
        createdParents.clear();
    }

    private OutputDirException unwritable(String why) {
        return new OutputDirException("--output-dir must be a writable directory but was '" + asGiven
                + "' (" + why + ")");
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NotDirectoryException) {
            return "a parent is not a directory";
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a parent is a file";
        }
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getClass().getSimpleName();
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
