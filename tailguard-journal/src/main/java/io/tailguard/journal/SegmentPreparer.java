package io.tailguard.journal;

import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * Thread-safe: keeps one preallocated blank segment ready in the background, so that rolling to
 * the next segment is a header write and a rename instead of allocating 64 MiB on the append path.
 *
 * <p>The blank's zeros are paced by the writer: at most one chunk more than {@link #PACE_NUMERATOR}
 * / {@link #PACE_DENOMINATOR} of the bytes the writer has filled in its current segment, so the
 * next blank is complete when the current segment is three quarters full and the zeros go out at
 * 4/3 of the append rate instead of in one burst right after each roll (a burst that, with a
 * replica doing the same, made the rolls the worst part of the replication tail). Decision 023.
 * A journal that never forces gets its zeros by touching the pages of a sparse blank through its
 * mapping rather than by writing them ({@link Segment.Zeroing}, decision 030).
 */
final class SegmentPreparer extends Thread {

    /** The longest park while a blank is ready (a take wakes the thread). */
    private static final long IDLE_NANOS = 10_000_000L;
    /** The park while paced: how often the writer's fill is polled. */
    private static final long PACE_POLL_NANOS = 1_000_000L;
    /** Zero-fill at 4/3 of the writer's fill: done at 3/4 of the current segment. */
    static final int PACE_NUMERATOR = 4;
    static final int PACE_DENOMINATOR = 3;

    private final Path directory;
    private final int sizeBytes;
    private final ErrorHandler errors;
    private final boolean forced;
    private volatile Segment.Blank ready;
    private volatile boolean running = true;
    private volatile IntSupplier writerFill = () -> Integer.MAX_VALUE;
    private final IdleStrategy idler = new IdleStrategy(this, 0, IDLE_NANOS, () -> running);
    private long counter;

    /** {@code forced}: the journal forces, so the blanks' zeros are written and forced (see {@link Segment.Zeroing}). */
    SegmentPreparer(Path directory, int sizeBytes, boolean forced, ErrorHandler errors) {
        super("tailguard-journal-prepare");
        setDaemon(true);
        this.directory = directory;
        this.sizeBytes = sizeBytes;
        this.errors = errors;
        this.forced = forced;
    }

    /**
     * Paces the zeros by {@code fill}, the bytes written in the writer's current segment (read
     * from this thread; the default, before this call, prepares at full speed).
     */
    void pace(IntSupplier fill) {
        this.writerFill = fill;
    }

    /** Returns how many bytes of zeros a blank may hold while the writer has filled {@code fillBytes}. */
    static long allowedZeros(int fillBytes, int chunkBytes) {
        return chunkBytes + (long) fillBytes * PACE_NUMERATOR / PACE_DENOMINATOR;
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
        Segment.Zeroing z = null;
        try {
            while (running) {
                if (z == null && ready == null) {
                    z = new Segment.Zeroing(directory.resolve("prepared-" + (counter++) + Segment.TMP_SUFFIX),
                            sizeBytes, forced);
                }
                if (z != null && z.done()) {
                    ready = z.finish();
                    z = null;
                } else if (z != null && z.zeroed() < allowedZeros(writerFill.getAsInt(), Segment.ZERO_CHUNK_BYTES)) {
                    z.step();
                    idler.reset();
                } else if (z != null) {
                    idler.idle(PACE_POLL_NANOS); // the writer's fill is polled, not signalled
                } else {
                    idler.idle();
                }
            }
        } catch (RuntimeException e) {
            errors.onError("segment preparation stopped; segments are now created on the append path", e);
        } finally {
            if (z != null) {
                z.abandon();
            }
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
