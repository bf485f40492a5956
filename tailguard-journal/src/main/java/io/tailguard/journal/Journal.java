package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.durability.DurabilityPolicy;
import io.tailguard.journal.replication.ReplicationListener;
import io.tailguard.journal.replication.ReplicationSender;
import io.tailguard.journal.segment.Recovered;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.segment.SegmentScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Thread-safe: an append-only journal of CRC32C-framed records in rolling segment files, with a
 * selectable durability policy and optional acknowledged replication.
 *
 * <p>Four watermarks, each a record sequence: <em>written</em> (in the page cache, visible to
 * tailers), <em>forced</em> (covered by a completed force), <em>acked</em> (held by the replica)
 * and <em>committed</em> (per the {@link CommitMode}). One background thread forces: each force
 * covers every record written before it started (group commit). Another prepares the next
 * segment file (zero-filled and forced) before it is needed.
 *
 * <p>A record the durability policy made wait for a force commits at the forced watermark, any
 * other record at the plain one, so with {@code selective} ordinary records do not wait for a
 * large record's force; {@link #committedSequence()} is the contiguous prefix of both.
 *
 * <pre>{@code
 * try (Journal j = Journal.open(JournalConfig.of(dir).withDurability(Durability.sync()))) {
 *     long seq = j.appendBlocking(bytes);      // returns once committed
 *     j.append(buffer).thenAccept(s -> ...);   // completes at commit
 * }
 * }</pre>
 *
 * <p>Allocation: {@link #appendNoWait} and {@link #appendBlocking} allocate nothing per record;
 * {@link #append} allocates its future. Commit progress is also reported to a {@link CommitListener}.
 */
public final class Journal implements AutoCloseable {

    private final JournalConfig config;
    private final Path directory;
    private final DurabilityPolicy policy;
    private final CommitMode mode;
    private final ScanReport recovery;
    private final CommitListener listener;
    private final FileChannel lockFile;
    private final FileLock lock;

    private final ReentrantLock appendLock = new ReentrantLock();
    private Segment current;
    private int position;
    private long nextSequence;
    private List<Segment> rolled = new ArrayList<>();

    private volatile long written;
    private volatile long mustForceUpTo;
    private volatile long forced;
    private volatile long acked;
    private volatile long committed;
    private volatile long committedPlain;
    private volatile long committedForced;
    private volatile long forceDueAtNanos = DurabilityPolicy.NEVER;
    private volatile boolean replicaConnected;
    private volatile boolean closed;

    private static final long MAX_IDLE_NANOS = 1_000_000L;

    private ByteBuffer wrapped;

    private final Object commitLock = new Object();
    private final ArrayDeque<Pending> pendingPlain = new ArrayDeque<>();
    private final ArrayDeque<Pending> pendingForced = new ArrayDeque<>();
    private int waiters;

    private final SegmentPreparer preparer;
    private final SyncThread syncThread;
    private final ReplicationSender sender;

    private Journal(JournalConfig config, CommitListener listener) {
        this.config = config;
        this.directory = config.directory();
        this.listener = listener;
        this.mode = config.commitMode();
        this.policy = config.durability().newPolicy();
        try {
            Files.createDirectories(directory);
            lockFile = FileChannel.open(directory.resolve("journal.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            lock = tryLock(lockFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + directory, e);
        }
        if (lock == null) {
            closeQuietly();
            throw new IllegalStateException("journal " + directory + " is already open for appending");
        }
        Recovered r;
        try {
            r = SegmentScanner.recover(directory, config.segmentSizeBytes());
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
        this.recovery = r.report();
        this.current = r.tail();
        this.position = r.position();
        this.nextSequence = r.nextSequence();
        long last = nextSequence - 1;
        // what recovery kept may still be only in the page cache (a process crash keeps it there);
        // force the tail once so that `forced` is true from the start
        current.force(0, position);
        this.written = last;
        this.forced = last;
        this.committed = last;
        this.committedPlain = last;
        this.committedForced = last;
        this.acked = 0;
        boolean needsSync = mode.forcesContinuously() || config.durability() != Durability.none();
        this.syncThread = needsSync ? new SyncThread(current, position) : null;
        this.sender = mode.replicated()
                ? new ReplicationSender(config.replica(), directory, new Replication(), config.errors())
                : null;
        this.preparer = new SegmentPreparer(directory, config.segmentSizeBytes(), config.errors());
        preparer.start();
        if (syncThread != null) {
            syncThread.start();
        }
        if (sender != null) {
            sender.start();
        }
    }

    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return null;
        }
    }

    /** Opens (recovering the tail) or creates the journal; commits are not reported to a listener. */
    public static Journal open(JournalConfig config) {
        return new Journal(config, seq -> { });
    }

    /** Opens the journal and reports every commit advance to {@code listener}. */
    public static Journal open(JournalConfig config, CommitListener listener) {
        return new Journal(config, listener);
    }

    /** Returns what opening found and cut (a torn tail is cut and reported here). */
    public ScanReport recovery() {
        return recovery;
    }

    /** Returns the configuration. */
    public JournalConfig config() {
        return config;
    }

    /** Returns the highest written (visible) sequence, 0 when empty. */
    public long writtenSequence() {
        return written;
    }

    /** Returns the highest sequence covered by a completed force. */
    public long forcedSequence() {
        return forced;
    }

    /** Returns the highest sequence the replica acknowledged. */
    public long ackedSequence() {
        return acked;
    }

    /** Returns the highest committed sequence. */
    public long committedSequence() {
        return committed;
    }

    /** Returns true while a replica is connected. */
    public boolean replicaConnected() {
        return replicaConnected;
    }

    /** Opens a tailer over this journal's directory starting at {@code fromSequence}. */
    public Tailer tailer(long fromSequence) {
        return Tailer.open(directory, fromSequence);
    }

    /**
     * Appends {@code payload}'s remaining bytes (its position is unchanged) and returns its
     * sequence at once; commit is reported through the listener and {@link #committedSequence()}.
     * Allocates nothing.
     *
     * @throws ReplicaUnavailableException when the mode needs an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured (nothing is written)
     */
    public long appendNoWait(ByteBuffer payload) {
        return appendTagged(payload) >>> 1;
    }

    /** Appends {@code payload[offset, offset+length)}; see {@link #appendNoWait(ByteBuffer)}. */
    public long appendNoWait(byte[] payload, int offset, int length) {
        return appendTagged(payload, offset, length) >>> 1;
    }

    /**
     * Like {@link #appendNoWait(ByteBuffer)} but also says which commit watermark the record
     * follows: returns {@code sequence * 2 + 1} when the durability policy made it wait for a force
     * (it commits at the {@code forcedSequence} of {@link CommitListener#onProgress}), and
     * {@code sequence * 2} when it commits at the {@code plainSequence}. For drivers that track
     * every record's commit without allocating (the benchmark). Allocates nothing.
     */
    public long appendTagged(ByteBuffer payload) {
        checkReplica();
        long seq;
        boolean mustForce;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            int length = payload.remaining();
            seq = reserve(length);
            mustForce = policy.onAppend(payload, config.clock().nanoTime());
            position = current.append(position, seq, payload);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq << 1 | (mustForce ? 1 : 0);
    }

    private long appendTagged(byte[] payload, int offset, int length) {
        checkReplica();
        long seq;
        boolean mustForce;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            seq = reserve(length);
            if (wrapped == null || wrapped.array() != payload) {
                wrapped = ByteBuffer.wrap(payload);
            }
            wrapped.clear().position(offset).limit(offset + length);
            mustForce = policy.onAppend(wrapped, config.clock().nanoTime());
            position = current.append(position, seq, payload, offset, length);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq << 1 | (mustForce ? 1 : 0);
    }

    /** Appends and blocks until the record commits; returns its sequence. Allocates nothing. */
    public long appendBlocking(ByteBuffer payload) {
        long tagged = appendTagged(payload);
        await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /** Appends {@code payload} and blocks until the record commits; returns its sequence. */
    public long appendBlocking(byte[] payload) {
        long tagged = appendTagged(payload, 0, payload.length);
        await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /** Appends and returns a future completing with the sequence at commit (or exceptionally). */
    public CompletableFuture<Long> append(ByteBuffer payload) {
        try {
            return track(appendTagged(payload));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Appends {@code payload}; see {@link #append(ByteBuffer)}. */
    public CompletableFuture<Long> append(byte[] payload) {
        try {
            return track(appendTagged(payload, 0, payload.length));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Blocks until {@code sequence} and every record before it are committed.
     *
     * @throws ReplicaUnavailableException when it waits for an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured
     * @throws IllegalStateException when the journal is closed first
     */
    public void awaitCommitted(long sequence) {
        await(sequence, true);
    }

    /** Waits for one record: {@code forcedClass} records follow the forced watermark, others the plain one. */
    private void await(long sequence, boolean forcedClass) {
        if (reached(sequence, forcedClass)) {
            return;
        }
        synchronized (commitLock) {
            waiters++;
            try {
                while (!reached(sequence, forcedClass)) {
                    if (failingForReplica()) {
                        throw new ReplicaUnavailableException("replica " + config.replica()
                                + " is down; record " + sequence + " is written but not acknowledged");
                    }
                    if (closed) {
                        throw new IllegalStateException("journal closed before record " + sequence + " committed");
                    }
                    commitLock.wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for record " + sequence, e);
            } finally {
                waiters--;
            }
        }
    }

    private boolean reached(long sequence, boolean forcedClass) {
        return committed >= sequence || (forcedClass ? committedForced : committedPlain) >= sequence;
    }

    private long reserve(int length) {
        if (length > SegmentLayout.maxPayload(config.segmentSizeBytes())) {
            throw new IllegalArgumentException("payload length must be <= "
                    + SegmentLayout.maxPayload(config.segmentSizeBytes()) + " but was " + length);
        }
        long seq = nextSequence;
        if (!current.fits(position, length)) {
            Segment.Blank blank = preparer.take();
            Segment next = blank != null ? Segment.activate(blank, directory, seq)
                    : Segment.create(directory, seq, config.segmentSizeBytes());
            current.appendRollMarker(position);
            rolled.add(current);
            current = next;
            position = SegmentLayout.HEADER_LENGTH;
        }
        return seq;
    }

    private boolean published(long seq, boolean mustForce) {
        nextSequence = seq + 1;
        if (mustForce) {
            mustForceUpTo = seq;
        }
        written = seq;
        long due = policy.forceDueAtNanos();
        forceDueAtNanos = due;
        return due == 0 || mode.forcesContinuously();
    }

    private void afterAppend(boolean forceNow) {
        if (forceNow && syncThread != null) {
            syncThread.wake();
        }
        if (sender != null) {
            sender.wake();
        }
        advanceCommit();
    }

    private CompletableFuture<Long> track(long tagged) {
        long seq = tagged >>> 1;
        boolean forcedClass = (tagged & 1) != 0;
        CompletableFuture<Long> f = new CompletableFuture<>();
        synchronized (commitLock) {
            if (reached(seq, forcedClass)) {
                f.complete(seq);
            } else if (failingForReplica()) {
                f.completeExceptionally(new ReplicaUnavailableException("replica " + config.replica() + " is down"));
            } else {
                (forcedClass ? pendingForced : pendingPlain).add(new Pending(seq, f));
            }
        }
        return f;
    }

    private void checkReplica() {
        if (failingForReplica()) {
            throw new ReplicaUnavailableException("replica " + config.replica() + " is down and commit mode "
                    + mode.label() + " needs its acknowledgement");
        }
    }

    private boolean failingForReplica() {
        return (mode == CommitMode.ACK || mode == CommitMode.ACK_AND_SYNC)
                && config.replicaDown() == ReplicaDownAction.FAIL && !replicaConnected;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("journal " + directory + " is closed");
        }
    }

    /**
     * Recomputes the three commit watermarks and tells the listener, futures and waiters. A record
     * the policy made wait for a force commits at {@code committedForced}, any other at
     * {@code committedPlain}; {@code committed} is the contiguous prefix of both.
     */
    void advanceCommit() {
        if (!advanced()) {
            return;
        }
        synchronized (commitLock) {
            long w = written;
            long f = forced;
            long a = acked;
            long c = mode.committed(w, mustForceUpTo, f, a);
            long plain = mode.committed(w, 0, f, a);
            long sync = mode.committed(w, Long.MAX_VALUE, f, a);
            boolean progress = plain > committedPlain || sync > committedForced;
            if (plain > committedPlain) {
                committedPlain = plain;
            }
            if (sync > committedForced) {
                committedForced = sync;
            }
            if (c > committed) {
                committed = c;
                try {
                    listener.onCommitted(c);
                } catch (RuntimeException e) {
                    config.errors().onError("commit listener failed", e);
                }
            }
            if (!progress) {
                return;
            }
            try {
                listener.onProgress(committedPlain, committedForced);
            } catch (RuntimeException e) {
                config.errors().onError("commit listener failed", e);
            }
            complete(pendingPlain, Math.max(committed, committedPlain));
            complete(pendingForced, Math.max(committed, committedForced));
            if (waiters > 0) {
                commitLock.notifyAll();
            }
        }
    }

    private boolean advanced() {
        long w = written;
        long f = forced;
        long a = acked;
        return mode.committed(w, 0, f, a) > committedPlain || mode.committed(w, Long.MAX_VALUE, f, a) > committedForced
                || mode.committed(w, mustForceUpTo, f, a) > committed;
    }

    private static void complete(ArrayDeque<Pending> queue, long upTo) {
        Pending p;
        while ((p = queue.peek()) != null && p.sequence <= upTo) {
            queue.poll();
            p.future.complete(p.sequence);
        }
    }

    private void failPending() {
        synchronized (commitLock) {
            for (ArrayDeque<Pending> queue : List.of(pendingPlain, pendingForced)) {
                Pending p;
                while ((p = queue.poll()) != null) {
                    p.future.completeExceptionally(new ReplicaUnavailableException("replica " + config.replica()
                            + " disconnected before acknowledging record " + p.sequence));
                }
            }
            commitLock.notifyAll();
        }
    }

    /** Forces everything written so far (whatever the policy) and waits for it. */
    public void force() {
        if (syncThread != null) {
            syncThread.forceNow();
        } else {
            appendLock.lock();
            try {
                for (Segment s : rolled) {
                    s.force(0, s.sizeBytes());
                }
                rolled.clear();
                current.force(0, position);
                forced = written;
            } finally {
                appendLock.unlock();
            }
            advanceCommit();
        }
    }

    /** Stops the background threads, forces what policy or mode would force, and releases the lock. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (syncThread != null) {
            syncThread.forceNow();
        }
        closed = true;
        if (sender != null) {
            sender.close();
        }
        if (syncThread != null) {
            syncThread.shutdown();
        }
        preparer.shutdown();
        synchronized (commitLock) {
            for (ArrayDeque<Pending> queue : List.of(pendingPlain, pendingForced)) {
                Pending p;
                while ((p = queue.poll()) != null) {
                    p.future.completeExceptionally(new IllegalStateException("journal closed before commit"));
                }
            }
            commitLock.notifyAll();
        }
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            if (lock != null) {
                lock.release();
            }
            lockFile.close();
        } catch (IOException e) {
            config.errors().onError("cannot release journal lock", e);
        }
    }

    private record Pending(long sequence, CompletableFuture<Long> future) {
    }

    /** The one thread that forces: takes a snapshot under the append lock, forces outside it. */
    private final class SyncThread extends Thread {
        private final Object idle = new Object();
        private List<Segment> forcing = new ArrayList<>();
        private Segment forcedSegment;
        private int forcedPosition;
        private volatile boolean running = true;
        private volatile boolean sleeping;
        private volatile long forceRequests;
        private volatile long forcesDone;

        SyncThread(Segment segment, int position) {
            super("tailguard-journal-sync");
            setDaemon(true);
            this.forcedSegment = segment;
            this.forcedPosition = position;
        }

        void wake() {
            if (sleeping) {
                LockSupport.unpark(this);
            }
        }

        void forceNow() {
            long target;
            synchronized (idle) {
                target = ++forceRequests;
            }
            LockSupport.unpark(this);
            synchronized (idle) {
                while (forcesDone < target && running && isAlive()) {
                    try {
                        idle.wait(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }

        void shutdown() {
            running = false;
            LockSupport.unpark(this);
            try {
                join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void run() {
            try {
                while (running) {
                    long requests = forceRequests;
                    long now = config.clock().nanoTime();
                    long due = forceDueAtNanos;
                    if (requests > forcesDone || forceWanted(due, now)) {
                        forceOnce();
                        synchronized (idle) {
                            forcesDone = requests;
                            idle.notifyAll();
                        }
                        continue;
                    }
                    long waitNanos = due == DurabilityPolicy.NEVER ? MAX_IDLE_NANOS : Math.min(MAX_IDLE_NANOS, due - now);
                    sleeping = true;
                    // re-check after announcing the sleep: an appender that wrote before reading
                    // `sleeping` is seen here, one that wrote after it unparks us
                    if (forceRequests == forcesDone && !forceWanted(forceDueAtNanos, config.clock().nanoTime())
                            && running) {
                        LockSupport.parkNanos(this, waitNanos);
                    }
                    sleeping = false;
                }
            } catch (RuntimeException | Error e) {
                config.errors().onError("journal sync thread failed; records no longer commit", e);
            }
        }

        private boolean forceWanted(long due, long now) {
            return written > forced && (due <= now || mode.forcesContinuously());
        }

        private void forceOnce() {
            Segment seg;
            int pos;
            long seq;
            List<Segment> done;
            appendLock.lock();
            try {
                seg = current;
                pos = position;
                seq = written;
                // swap the two lists instead of copying: a force allocates nothing
                done = rolled;
                rolled = forcing;
                forcing = done;
                policy.onForce(config.clock().nanoTime());
                forceDueAtNanos = policy.forceDueAtNanos();
            } finally {
                appendLock.unlock();
            }
            for (int i = 0; i < done.size(); i++) {
                Segment s = done.get(i);
                s.force(s == forcedSegment ? forcedPosition : 0, s.sizeBytes());
            }
            if (!done.isEmpty()) {
                done.clear();
                SegmentScanner.forceDirectory(directory);
            }
            seg.force(seg == forcedSegment ? forcedPosition : 0, pos);
            forcedSegment = seg;
            forcedPosition = pos;
            forced = seq;
            advanceCommit();
        }
    }

    /** Receives the replication sender's events. */
    private final class Replication implements ReplicationListener {
        @Override
        public void onConnected(long replicaLastSequence) {
            replicaConnected = true;
            onAcknowledged(replicaLastSequence);
        }

        @Override
        public void onAcknowledged(long sequence) {
            if (sequence > acked) {
                acked = sequence;
                advanceCommit();
            }
        }

        @Override
        public void onDisconnected() {
            replicaConnected = false;
            if (failingForReplica()) {
                failPending();
            }
        }

        @Override
        public long writtenSequence() {
            return written;
        }
    }
}
