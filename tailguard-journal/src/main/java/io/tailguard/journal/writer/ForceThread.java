package io.tailguard.journal.writer;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.durability.DurabilityPolicy;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.worker.IdleStrategy;
import io.tailguard.journal.worker.Worker;
import io.tailguard.time.NanoClock;
import java.nio.file.Path;
import java.util.List;

/**
 * Thread-safe: the journal's one forcing thread. It takes a snapshot under the append lock and
 * forces outside it, so one force covers every record appended before it started (group commit).
 */
public final class ForceThread extends Worker {

    /** What the force thread asks of the journal it forces. */
    public interface Host {
        /** Returns true when unforced records exist and a force is wanted by {@code nowNanos}. */
        boolean forceWanted(long nowNanos);

        /** Returns when a force is next wanted ({@link Long#MIN_VALUE} or 0 for now), or {@link DurabilityPolicy#NEVER}. */
        long forceDueAtNanos();

        /** Fills {@code snapshot} with what the next force covers, under the append lock. */
        void beginForce(ForceSnapshot snapshot);

        /** A force covering every record up to {@code sequence} completed. */
        void forceCompleted(long sequence);
    }

    private final Host journal;
    private final NanoClock clock;
    private final ErrorHandler errors;
    private final Path directory;
    private final IdleStrategy idler;
    private final Object idle = new Object();
    private final ForceSnapshot snapshot = new ForceSnapshot();
    private Segment forcedSegment;
    private int forcedPosition;
    private volatile long forceRequests;
    private volatile long forcesDone;

    /** {@code idleNanos}: the longest sleep when no force is due (a later due time is re-checked then). */
    public ForceThread(Host journal, NanoClock clock, ErrorHandler errors, Path directory, Segment segment, int position,
                       long idleNanos) {
        super("tailguard-journal-sync");
        this.journal = journal;
        this.clock = clock;
        this.errors = errors;
        this.directory = directory;
        this.idler = new IdleStrategy(this, 0, idleNanos, () -> forceRequests == forcesDone
                && !journal.forceWanted(clock.nanoTime()) && running());
        this.forcedSegment = segment;
        this.forcedPosition = position;
    }

    /** Tells the thread a force may be due now (cheap when it is awake). */
    public void wake() {
        idler.wake();
    }

    /** Forces everything written so far and waits for it. */
    public void forceNow() {
        long target;
        synchronized (idle) {
            target = ++forceRequests;
        }
        idler.wake();
        synchronized (idle) {
            while (forcesDone < target && running() && isAlive()) {
                try {
                    idle.wait(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Stops the thread. */
    public void shutdown() {
        stopAndAwait(5_000);
    }

    @Override
    public void run() {
        try {
            while (running()) {
                long requests = forceRequests;
                long now = clock.nanoTime();
                long due = journal.forceDueAtNanos();
                if (requests > forcesDone || journal.forceWanted(now)) {
                    forceOnce();
                    synchronized (idle) {
                        forcesDone = requests;
                        idle.notifyAll();
                    }
                    continue;
                }
                // until the policy's due time, bounded by the idle time (a later due time is re-checked then)
                idler.idle(due == DurabilityPolicy.NEVER ? Long.MAX_VALUE : Math.max(0, due - now));
            }
        } catch (RuntimeException | Error e) {
            errors.onError("journal sync thread failed; records no longer commit", e);
        }
    }

    private void forceOnce() {
        journal.beginForce(snapshot);
        List<Segment> done = snapshot.rolled;
        for (int i = 0; i < done.size(); i++) {
            Segment s = done.get(i);
            s.force(s == forcedSegment ? forcedPosition : 0, s.sizeBytes());
        }
        if (!done.isEmpty()) {
            SegmentScanner.forceDirectory(directory);
            // rolled and now forced: the writer let go of them at the roll, so no thread uses them any more
            done.forEach(Segment::close);
            done.clear();
        }
        Segment seg = snapshot.segment;
        seg.force(seg == forcedSegment ? forcedPosition : 0, snapshot.position);
        forcedSegment = seg;
        forcedPosition = snapshot.position;
        journal.forceCompleted(snapshot.sequence);
    }
}
