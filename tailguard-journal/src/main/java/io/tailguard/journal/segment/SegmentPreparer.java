package io.tailguard.journal.segment;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.worker.IdleStrategy;
import io.tailguard.journal.worker.IncidentLog;
import io.tailguard.journal.worker.Worker;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntSupplier;

/**
 * Thread-safe: keeps two preallocated blank segments ahead of the writer in the background, so
 * that rolling to the next segment is a header write and a rename instead of allocating 64 MiB on
 * the append path.
 *
 * <p>Two ahead, not one: with one, a preparer that a busy machine starved for part of a segment
 * left the writer to allocate the rest of the blank at the roll (a late roll, the worst of the
 * roll's tail; decision 045). With two, the blank in preparation is needed one roll later, so a
 * late roll takes a preparer a whole segment behind. The cost is one more segment file of disk.
 *
 * <p>A journal that forces writes and forces its blank's zeros paced by the writer ({@link
 * #allowedZeros}): the next blank is complete when the current segment is three quarters full and
 * the zeros go out at 4/3 of the append rate instead of in one burst right after each roll (a
 * burst that, with a replica doing the same, made the rolls the worst part of the replication
 * tail; decision 023). A journal that never forces writes its blank's zeros without forcing them
 * and touches its pages through its mapping ({@link Zeroing}, decision 045), one chunk at a time
 * from a quarter of the current segment on at twice the writer's fill: away from the roll's own
 * work, complete at three quarters, and never a whole blank's page allocation at once in the
 * middle of the replicated stream (decision 023).
 *
 * <p>Every blank's blocks are allocated before its pages are touched, so a full disk fails the
 * blank with an {@link java.io.IOException} instead of crashing the JVM (decision 045): the blank
 * is deleted, the failure goes to the journal's {@link ErrorHandler} once (repeats are counted)
 * and the thread tries again after 10 ms, doubling up to about a second, while the writer's rolls
 * allocate their own segments and fail the same way.
 *
 * <p>A roll does not wake this thread, and it unmaps the segments the replication sender has
 * left ({@link #retire}) half a segment later: neither the writer nor the sender waits at a roll
 * for work that can be done elsewhere (decision 023).
 */
public final class SegmentPreparer extends Worker {

    /** The longest park while a blank is ready (a take does not wake the thread). */
    private static final long IDLE_NANOS = 10_000_000L;
    /**
     * The first park while paced; each poll that finds no step allowed doubles it up to
     * {@link #IDLE_NANOS}, and a step resets it: a few polls per step instead of one a millisecond,
     * each of which may preempt the writer or the sender on a busy machine (the preparer's CPU in
     * one 11 s run of the roll A/B: 0.17-0.18 s against 0.20-0.21 s polling every millisecond).
     */
    private static final long PACE_POLL_NANOS = 1_000_000L;
    /**
     * Retired segments are unmapped at once past this many (a sender catching up crosses many
     * segments while the writer's fill may stay below half).
     */
    private static final int MAX_RETIRED = 2;
    /** Forced blanks' zeros go out at 4/3 of the writer's fill: complete at three quarters of the current segment. */
    static final int PACE_NUMERATOR = 4;
    static final int PACE_DENOMINATOR = 3;
    /** The longest wait between two attempts after a failure: this many polls of {@link #IDLE_NANOS}, about a second. */
    private static final int MAX_RETRY_POLLS = 100;

    private final Path directory;
    private final int sizeBytes;
    private final ErrorHandler errors;
    private final boolean forced;
    /** Blanks prepared ahead of the writer; at most this many are ready or in preparation at once. */
    public static final int AHEAD = 2;
    /** The blanks ready for the next rolls, oldest first, at most {@link #AHEAD}. */
    private final Queue<Blank> ready = new ConcurrentLinkedQueue<>();
    /** Guards {@link #inProgress}; not the thread's own monitor, which {@link #join} waits on. */
    private final Object lock = new Object();
    /** The blank in preparation, or null; guarded by {@link #lock} ({@link #takeForRoll()} may carry it off). */
    private Zeroing inProgress;
    /** {@link #takes} when {@link #inProgress} was started or last rolled past; guarded by {@link #lock}. */
    private long takesAtStart;
    /**
     * Bytes {@link #inProgress} may hold beyond the pace of the writer's current segment: what it
     * held when the writer last rolled past it onto another blank (0 for a blank started in the
     * current segment); guarded by {@link #lock}.
     */
    private long paceCredit;
    private final Queue<Segment> retired = new ConcurrentLinkedQueue<>();
    private volatile IntSupplier writerFill = () -> Integer.MAX_VALUE;
    private final IdleStrategy idler = new IdleStrategy(this, 0, IDLE_NANOS, () -> running());
    private long counter;
    private long pollNanos = PACE_POLL_NANOS;
    /** Bytes of the latest blank zeroed or touched so far (its size once ready, 0 before the first), for tests. */
    private volatile long preparing;
    /** Polls that found no step allowed while a blank was in preparation, for tests to see the pace hold. */
    private volatile long heldPolls;
    /** Reports a preparation that fails again and again (a full disk) once, then counts the repeats. */
    private final IncidentLog incidents;
    /** Polls of up to {@link #IDLE_NANOS} to wait before the next attempt after a failure: 1, 2, 4, ... */
    private int failedPolls;
    private int retryPolls;
    /** Blanks that could not be prepared, for tests; written by this thread only. */
    private volatile long failures;
    /** Calls of {@link #take()}, one per roll; written by the writer's thread only. */
    private volatile long takes;

    /** {@code forced}: the journal forces, so the blanks' zeros are written and forced (see {@link Zeroing}). */
    public SegmentPreparer(Path directory, int sizeBytes, boolean forced, ErrorHandler errors) {
        super("tailguard-journal-prepare");
        this.directory = directory;
        this.sizeBytes = sizeBytes;
        this.errors = errors;
        this.forced = forced;
        this.incidents = new IncidentLog(errors, "segment preparation in " + directory);
    }

    /**
     * Paces the zeros by {@code fill}, the bytes written in the writer's current segment (read
     * from this thread; the default, before this call, prepares at full speed).
     */
    public void pace(IntSupplier fill) {
        this.writerFill = fill;
    }

    /**
     * Returns how many bytes of zeros a blank of {@code sizeBytes} may hold while the writer has
     * filled {@code fillBytes} of its current segment. Forced: one chunk plus 4/3 of the fill, so
     * the written zeros are paced and complete at three quarters (decision 023). Not forced:
     * nothing before a quarter (decision 023), then one chunk plus twice the fill beyond the
     * quarter, so the touches are paced too and also complete at three quarters (decision 023).
     */
    public static long allowedZeros(boolean forced, int fillBytes, int chunkBytes, int sizeBytes) {
        if (forced) {
            return chunkBytes + (long) fillBytes * PACE_NUMERATOR / PACE_DENOMINATOR;
        }
        int quarter = sizeBytes / 4;
        return fillBytes < quarter ? 0 : chunkBytes + 2L * (fillBytes - quarter);
    }

    private long allowedZeros() {
        return allowedZeros(forced, writerFill.getAsInt(), Zeroing.ZERO_CHUNK_BYTES, sizeBytes);
    }

    /**
     * Takes the oldest prepared blank, or returns null if none is ready yet (the caller creates one itself).
     * Does not wake this thread: it finds the blank gone at its next poll (within {@link #IDLE_NANOS}),
     * and a wake-up at the roll let it preempt the rolling writer (decision 023).
     */
    public Blank take() {
        takes = takes + 1; // one writer thread calls this
        return ready.poll();
    }

    /**
     * Thread-safe (immutable): a test's view of the pace, read together at one moment.
     *
     * @param preparing the bytes of the latest blank prepared so far: its full size once it is
     *     ready (taken or not), 0 before the first
     * @param readyBlanks how many blanks are ready for the next rolls, at most {@value #AHEAD}
     * @param heldPolls how many polls found no step allowed while a blank was in preparation
     * @param failures how many blanks could not be prepared (a full disk)
     */
    public record Progress(long preparing, int readyBlanks, long heldPolls, long failures) {
    }

    /** Returns how far the preparation is, for tests. */
    public Progress progress() {
        return new Progress(preparing, ready.size(), heldPolls, failures);
    }

    /**
     * Hands over a segment nothing reads or writes any more (a tailer's previous segment), to be
     * unmapped on this thread once the writer has filled half of its current segment: unmapping
     * 32 MiB took 0.3-3.5 ms, which on the replication sender's thread delayed every record
     * behind a roll (decision 023). More than {@value #MAX_RETIRED} are unmapped at once, and all
     * at {@link #shutdown()}.
     */
    public void retire(Segment segment) {
        retired.add(segment);
    }

    private void unmapRetired(boolean now) {
        if (retired.isEmpty() || !now && writerFill.getAsInt() < sizeBytes / 2 && retired.size() <= MAX_RETIRED) {
            return;
        }
        Segment s;
        while ((s = retired.poll()) != null) {
            s.close();
        }
    }

    @Override
    public void run() {
        try {
            while (running()) {
                unmapRetired(false);
                if (retryPolls > 0) {
                    retryPolls--;
                    idler.idle();
                    continue;
                }
                int outcome;
                try {
                    outcome = prepare();
                } catch (UncheckedIOException e) {
                    failed(e);
                    continue;
                }
                if (outcome == STEPPED) {
                    idler.reset();
                    pollNanos = PACE_POLL_NANOS;
                } else if (outcome == HELD || outcome == NOT_YET) {
                    if (outcome == HELD) {
                        heldPolls = heldPolls + 1; // this thread only
                    }
                    idler.idle(pollNanos); // the writer's fill is polled, not signalled
                    pollNanos = Math.min(2 * pollNanos, IDLE_NANOS);
                } else if (outcome == IDLE) {
                    idler.idle();
                }
            }
        } catch (RuntimeException e) {
            errors.onError("segment preparation stopped; segments are now created on the append path", e);
        } finally {
            synchronized (lock) {
                if (inProgress != null) {
                    inProgress.abandon();
                    inProgress = null;
                }
            }
        }
    }

    private static final int STEPPED = 0;
    private static final int HELD = 1;
    private static final int NOT_YET = 2;
    private static final int IDLE = 3;
    private static final int FINISHED = 4;

    /**
     * Starts, advances or finishes the blank in preparation, under the lock that
     * {@link #takeForRoll()} takes to carry it off unfinished; returns what it did.
     */
    private int prepare() {
        synchronized (lock) {
            try {
                return prepareLocked();
            } catch (UncheckedIOException e) {
                // deleted before the lock is released: the writer must not carry off a failed blank
                if (inProgress != null) {
                    inProgress.abandon();
                    inProgress = null;
                }
                throw e;
            }
        }
    }

    private int prepareLocked() {
        Zeroing z = inProgress;
        if (z == null && ready.size() < AHEAD && allowedZeros() > 0) {
            z = new Zeroing(directory.resolve("prepared-" + (counter++) + Segment.TMP_SUFFIX), sizeBytes, forced);
            inProgress = z;
            takesAtStart = takes;
            paceCredit = 0;
            preparing = 0;
        }
        if (z == null) {
            return ready.size() < AHEAD ? NOT_YET : IDLE;
        }
        if (z.done()) {
            inProgress = null;
            ready.add(z.finish());
            preparing = sizeBytes; // after ready: whoever sees the full size finds the blank
            failedPolls = 0;
            incidents.resolved("a blank was prepared");
            return FINISHED;
        }
        if (takes != takesAtStart) {
            // the writer rolled past this blank onto the one ready before it, so this one is
            // needed a roll later: it goes on at the new segment's pace from what it holds
            // rather than at full speed among the new segment's first records, beside the
            // roll's own work and the replica's roll. A writer that rolls before the pace
            // finishes it carries it off (takeForRoll), so it never waits for ever.
            takesAtStart = takes;
            paceCredit = z.zeroed();
        }
        if (z.zeroed() < paceCredit + allowedZeros()) {
            z.step();
            if (!z.done()) {
                preparing = z.zeroed();
            }
            return STEPPED;
        }
        return HELD;
    }

    /**
     * A blank failed (a full disk, or a directory that went away): it was deleted, which freed
     * what it held ({@link #prepare()}); the failure is reported (once while it repeats) and the next attempt waits;
     * the writer's rolls meanwhile allocate their own segments and fail the same way while there
     * is no space (decision 045).
     */
    private void failed(UncheckedIOException e) {
        failures = failures + 1; // this thread only
        failedPolls = (int) Math.min(Math.max(1, 2L * failedPolls), MAX_RETRY_POLLS);
        retryPolls = failedPolls;
        incidents.report("prepare", "cannot prepare the next segment in " + directory + ": " + e.getMessage()
                + "; retrying, and a roll meanwhile allocates its own segment");
    }

    /**
     * For the writer's roll: the oldest ready blank; else the blank in preparation, carried off and
     * finished now on the calling thread as a late blank (its remaining blocks allocated, no force,
     * no touch: {@link Zeroing#finishLate()}), after at most the step under way; else
     * null, and the writer allocates a late blank of its own. Finishing what the preparer started
     * waits for less than a whole late blank.
     *
     * @throws UncheckedIOException when the rest of the blank cannot be allocated (deleted)
     */
    public Blank takeForRoll() {
        Blank b = take();
        if (b != null) {
            return b;
        }
        Zeroing z;
        synchronized (lock) {
            b = ready.poll(); // finished since the take
            if (b != null) {
                return b;
            }
            z = inProgress;
            inProgress = null;
        }
        return z == null ? null : z.finishLate();
    }

    /** Stops the thread and deletes the unused blanks. */
    public void shutdown() {
        stopAndAwait(10_000);
        Blank b;
        while ((b = ready.poll()) != null) {
            b.delete();
        }
        unmapRetired(true);
    }
}
