package io.tailguard.journal;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Thread-safe: keeps one preallocated blank segment ready in the background, so that rolling to
 * the next segment is a header write and a rename instead of allocating 64 MiB on the append path.
 */
final class SegmentPreparer extends Thread {

    private static final long IDLE_NANOS = 10_000_000L;

    private final Path directory;
    private final int sizeBytes;
    private final ErrorHandler errors;
    private final boolean forced;
    private volatile Segment.Blank ready;
    private volatile boolean running = true;
    private final IdleStrategy idler = new IdleStrategy(this, 0, IDLE_NANOS, () -> ready != null && running);
    private long counter;

    /** {@code forced}: the journal forces, so the blanks' zeros are forced too (see {@link Segment#prepare}). */
    SegmentPreparer(Path directory, int sizeBytes, boolean forced, ErrorHandler errors) {
        super("tailguard-journal-prepare");
        setDaemon(true);
        this.directory = directory;
        this.sizeBytes = sizeBytes;
        this.errors = errors;
        this.forced = forced;
    }

    /** Takes the prepared blank, or returns null if none is ready yet (the caller creates one itself). */
    Segment.Blank take() {
        Segment.Blank b = ready;
        ready = null;
        idler.wake();
        return b;
    }

    @Override
    public void run() {
        try {
            while (running) {
                if (ready == null) {
                    ready = Segment.prepare(directory, "prepared-" + (counter++) + Segment.TMP_SUFFIX, sizeBytes,
                            forced);
                } else {
                    idler.idle();
                }
            }
        } catch (RuntimeException e) {
            errors.onError("segment preparation stopped; segments are now created on the append path", e);
        }
    }

    /** Stops the thread and deletes an unused blank. */
    void shutdown() {
        running = false;
        LockSupport.unpark(this);
        try {
            join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Segment.Blank b = ready;
        ready = null;
        if (b != null) {
            b.delete();
        }
    }
}
